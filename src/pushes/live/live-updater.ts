import { LIVE_BOARD_MINUTES, type ChatContext, type RiderAnswers, type Speaking } from '../../core/index.js';
import type { Platform } from '../../domain/chat.js';
import type { Clock } from '../../domain/clock.js';
import type { Locale } from '../../domain/locale.js';
import type { Reply, ReplyLocation } from '../../domain/reply.js';
import { EditRateLimited, type LiveEditor } from '../../domain/live-editor.js';
import type { Claims, LiveMessage, LiveMessagesRepository } from '../../domain/store-ports.js';
import type { Notifier } from '../../domain/notifier.js';
import { onceKey } from '../delivery/once-key.js';
import type { Logger } from '../../log.js';
import { liveRoundKey, trackNoticeKey } from '../claim-keys.js';
import type { EditBudget } from './edit-budget.js';
import type { FleetBudget } from '../fleet-budget.js';
import { errorLine } from '../../util/error-line.js';
import { mapLimit } from '../../util/map-limit.js';
import { sleep as realSleep, type Sleep } from '../../util/sleep.js';

// Messages that follow something: a live location following a bus, an arrivals board kept up to
// date, a /line picture redrawn while what it shows changes. Every round (the pushes' timer fires one each half-minute: timer.ts), each stored live
// message's request is run again through the core and the platform's editor moves the pin (or
// redraws the board), until the answer says it is over (the bus passed the stop) or the live
// period ends (a board then says it stopped). Each round
// of each message is claimed in the store, so that however many instances run, one edits it; an
// edit over the platform's limits (edit-budget.ts) waits for the next round. The messages are
// stored, so a restarted bot carries on editing them rather than sending new ones.
//
// Every request an editor sends goes through the budget, retries included: a 429 (EditRateLimited)
// holds the whole budget for its retry_after and slows it down, then the edit waits its turn again.
// A message's record is removed only once its end went through (the pin stopped, the last edit
// made) or the platform refused it for good; otherwise the next round tries again.

export interface LiveUpdaterDeps {
  core: Pick<RiderAnswers, 'run'> & Pick<Speaking, 't' | 'localeOf'>;
  messages: LiveMessagesRepository;
  claims: Claims;
  editors: readonly LiveEditor[];
  budget: EditBudget;
  /** A platform's own limits where they differ from `budget`'s (Discord's beside Telegram's). */
  budgets?: Partial<Record<Platform, EditBudget>>;
  /**
   * A platform's one budget (its sends too, and those of every instance on one Redis), and each
   * chat's pace across them; absent: this instance's edit budget is the bot's.
   */
  fleet?: Partial<Record<Platform, FleetBudget>>;
  clock: Clock;
  /** How often rounds come (the pushes' timer): a round's edits wait within it, its claims outlast it. */
  intervalMs: number;
  /** Messages edited at once; the rest wait their turn within the round. */
  concurrency?: number;
  /** How a wait for the budget is waited (on `clock`'s time); tests pass one that moves their clock. */
  sleep?: Sleep;
  /** This instance, in the claims it holds. */
  instanceId: string;
  /** Where a 🚌 track's notices go (🛎 your stop is next), each once per chat and key; absent: none is sent. */
  notifiers?: readonly Notifier[];
  logger: Logger;
}

export interface LiveRound {
  moved: number;
  unchanged: number;
  stopped: number;
  /** Left to the next round: over the platform's limits. */
  deferred: number;
  /** Another instance has this round of the message. */
  elsewhere: number;
  failed: number;
  /** Edits the platform refused with a 429 (each held the whole budget, then was tried again). */
  rateLimited: number;
}

export interface LiveUpdater {
  /** One round over every live message (the round under way, if one is); never rejects. */
  round(): Promise<LiveRound>;
}

const chatOf = (message: LiveMessage): ChatContext => ({
  platform: message.platform,
  chatId: message.chatId,
  chatType: message.chatType,
  ...(message.languageCode !== undefined ? { languageCode: message.languageCode } : {}),
});

/** Why a pin stopped, in the words its last edit shows: the bus passed, or its trip was cancelled, vanished or skips the stop. */
const OVER_LINES = {
  cancelled: 'where-live-cancelled',
  vanished: 'where-live-vanished',
  skipped: 'where-live-skipped',
  arrived: 'where-live-passed',
} as const;
const overLine = (reply: Reply) => (reply.trackingOverWhy !== undefined ? OVER_LINES[reply.trackingOverWhy] : 'where-live-passed');

/** A message redrawn whole each round it changed (a 🔴 board, a 🔴 /line picture), rather than a pin moved. */
const redrawn = (message: LiveMessage) => message.kind === 'board' || message.kind === 'picture';
/** What a 🚌 message shows, to edit it only when that changed. */
const shownOf = (reply: Reply) => JSON.stringify([reply.title, reply.blocks, reply.footer, reply.buttons]);
/** A 🚌 message's pin (Telegram), as the editor's pin requests take it. */
const pinOf = (message: LiveMessage, pinId: string): LiveMessage => {
  const { cardId: _card, ...rest } = message;
  return { ...rest, messageId: pinId };
};
/** How long a notice's claim is kept: past any track. */
const NOTICE_CLAIM_MS = 24 * 3600_000;

const sameSpot = (a: ReplyLocation | undefined, b: ReplyLocation) => a !== undefined && a.lat === b.lat && a.lon === b.lon && a.bearing === b.bearing;

export function createLiveUpdater(deps: LiveUpdaterDeps): LiveUpdater {
  const shown = new Map<string, ReplyLocation>();
  const shownTrack = new Map<string, string>();
  const sleep = deps.sleep ?? realSleep;
  const budgetOf = (message: LiveMessage) => deps.budgets?.[message.platform] ?? deps.budget;
  const now = () => deps.clock().getTime();

  /**
   * The budget's yes for one edit: waiting for it (every chat's edits share it) until the round's
   * time is up; a chat whose own minute is full waits for the next round.
   */
  async function granted(message: LiveMessage, roundEnd: number): Promise<boolean> {
    const budget = budgetOf(message);
    for (;;) {
      const answer = budget.take(message.chatId, message.chatType);
      if (answer === true) return fleetGranted(message, roundEnd);
      if (answer === 'chat-full') return false;
      const wait = Math.max(1, budget.waitMs());
      if (now() + wait >= roundEnd) return false;
      await sleep(wait);
    }
  }

  /**
   * The fleet's yes for an edit this instance's budget granted: the chat's pace (sends to it and
   * other instances' edits counted), then the platform's bucket, each waited for within the round.
   */
  async function fleetGranted(message: LiveMessage, roundEnd: number): Promise<boolean> {
    const fleet = deps.fleet?.[message.platform];
    if (fleet === undefined) return true;
    for (;;) {
      const wait = await fleet.chat(message.chatId, message.chatType);
      if (wait <= 0) break;
      if (now() + wait >= roundEnd) return false;
      await sleep(wait);
    }
    return fleet.acquire(sleep, () => roundEnd - now());
  }

  /** One request of an editor through the budget; a 429 holds the budget, and the request waits its turn again. */
  async function send<T>(message: LiveMessage, roundEnd: number, tally: LiveRound, request: () => Promise<T>): Promise<T | 'deferred'> {
    for (;;) {
      if (!(await granted(message, roundEnd))) return 'deferred';
      try {
        const result = await request();
        budgetOf(message).answered();
        return result;
      } catch (err) {
        if (!(err instanceof EditRateLimited)) {
          budgetOf(message).answered();
          throw err;
        }
        tally.rateLimited += 1;
        budgetOf(message).refused(err.retryAfterMs);
        deps.fleet?.[message.platform]?.hold(err.retryAfterMs);
      }
    }
  }
  let running: Promise<LiveRound> | undefined;

  /** What the message showed last, kept for its last edit (boards, and the embeds of editors that redraw on stop). */
  const keeps = (editor: LiveEditor, message: LiveMessage) => redrawn(message) || message.kind === 'track' || editor.redrawsOnStop === true;
  async function keepShown(editor: LiveEditor, message: LiveMessage, reply: Reply): Promise<void> {
    if (!keeps(editor, message)) return;
    try {
      await deps.messages.keepShown(message, reply);
    } catch (err) {
      // The edit is made; only a last edit with the feed down would miss it.
      deps.logger.warn({ live: message.id, problem: errorLine(err) }, 'what a live message shows not kept');
    }
  }

  /**
   * The answer a last edit shows, with `lines` below it: the answer now; with the feed down, the
   * last one shown, marked as the last known; undefined when there is neither.
   */
  async function lastAnswer(message: LiveMessage, reply: Reply, lines: string[]): Promise<Reply | undefined> {
    const locale = await deps.core.localeOf(chatOf(message));
    const base = reply.kind === 'answer' ? reply : await deps.messages.lastShown(message).catch(() => undefined);
    if (base === undefined) return undefined;
    const marked = reply.kind === 'answer' ? [] : [deps.core.t(locale, 'live-last-known')];
    return { ...base, footer: [...(base.footer ?? []), ...marked, ...lines] };
  }

  /** Ends a pin: the record goes once the stop went through; a failed one is tried again from the next round. */
  async function end(editor: LiveEditor, message: LiveMessage, reply: Reply | undefined, tally: LiveRound, roundEnd: number): Promise<void> {
    // Not through this round: the next one goes straight to the stop, whatever the feed says by then.
    const endsNow = async () => {
      if (Date.parse(message.until) > now()) await deps.messages.put({ ...message, until: new Date(now()).toISOString() }).catch(() => undefined);
    };
    let outcome: 'deferred' | void;
    try {
      outcome = await send(message, roundEnd, tally, () => editor.stop(message, reply));
    } catch (err) {
      await endsNow();
      throw err;
    }
    if (outcome === 'deferred') {
      await endsNow();
      return void (tally.deferred += 1);
    }
    shown.delete(message.id);
    await deps.messages.remove(message);
    tally.stopped += 1;
  }

  /**
   * A board: the arrivals again with the minutes left, or once over, the last ones and "stopped".
   * A picture (/line) likewise, but redrawn only when what it shows changed: the core is told the
   * digest of the picture the message shows (kept beside the record, so any instance's round
   * knows it) and rasterises nothing when its drawing is that one; no edit is spent on it then.
   */
  async function board(editor: LiveEditor, message: LiveMessage, chat: ChatContext, tally: LiveRound, roundEnd: number): Promise<void> {
    const leftMs = Date.parse(message.until) - now();
    const over = leftMs <= 0;
    // Its last edit is drawn whatever it showed: the words under it say it stopped.
    const showing = message.kind === 'picture' && !over ? await deps.messages.shownPicture(message).catch(() => undefined) : undefined;
    const reply = await deps.core.run(message.request, chat, showing !== undefined ? { picture: showing } : undefined);
    const locale = await deps.core.localeOf(chat);
    // A failed look-up (the feed down) keeps the board as it was; once over, it is still said to have stopped.
    if (reply.kind !== 'answer' && !over) return void (tally.unchanged += 1);
    if (showing !== undefined && reply.image === undefined && reply.pictureDigest === showing) return void (tally.unchanged += 1);
    const minutes = Math.max(1, Math.ceil(leftMs / 60_000));
    const line = over
      ? deps.core.t(locale, 'live-board-stopped', { minutes: LIVE_BOARD_MINUTES })
      : deps.core.t(locale, 'live-board-left', { minutes });
    const shownReply = (await lastAnswer(message, reply, [line])) ?? stoppedWithoutAnswer(message, locale, line);
    const outcome = await send(message, roundEnd, tally, () => editor.redraw(message, shownReply));
    if (outcome === 'deferred') return void (tally.deferred += 1);
    if (over || outcome === 'gone') {
      await deps.messages.remove(message);
      tally.stopped += 1;
      return;
    }
    await keepShown(editor, message, reply);
    tally.moved += 1;
  }

  /** A board's last edit when the feed is down and nothing it showed was kept: that it stopped, and a way to ask again. */
  function stoppedWithoutAnswer(message: LiveMessage, locale: Locale, line: string): Reply {
    return {
      kind: 'answer',
      blocks: [{ lines: [deps.core.t(locale, 'live-board-unavailable')] }],
      footer: [line],
      // Records ask what their rounds run: the arrivals (a board's, 'next'), the line (a picture's).
      buttons: [[{ label: deps.core.t(locale, 'button-refresh'), command: message.request, effect: 'update' }]],
    };
  }

  /** A 🚌 track's notices, each sent once per chat and key (claimed first; given back when the send failed for now). */
  async function notices(message: LiveMessage, reply: Reply): Promise<void> {
    const notifier = deps.notifiers?.find((n) => n.platform === message.platform);
    for (const notice of reply.notices ?? []) {
      if (notifier === undefined) return;
      const key = trackNoticeKey(message, notice.key);
      if (!(await deps.claims.claim(key, deps.instanceId, NOTICE_CLAIM_MS))) continue;
      // A Discord DM's messages go to its channel: the notifier speaks the chat's id, which it resolves.
      // Named by its claim: sent again after a failure whose message was in fact made, it shows once on Discord.
      const result = await notifier
        .send(message.chatId, notice.reply, { once: onceKey(message, [key]) })
        .catch((err: unknown) => ({ status: 'temporary-failure' as const, reason: errorLine(err) }));
      if (result.status === 'temporary-failure') await deps.claims.release(key).catch(() => undefined);
      if (result.status !== 'sent') deps.logger.info({ live: message.id, status: result.status }, 'track notice not sent');
    }
  }

  /**
   * A 🚌 track: its message redrawn when what it shows changed, its pin (Telegram) moved; once the
   * trip passed, arrived, was cancelled or vanished (or the track's time is up), its last words
   * and the pin stopped. A failed look-up (the feed down) leaves it as it was until its time is up.
   */
  async function track(editor: LiveEditor, message: LiveMessage, chat: ChatContext, tally: LiveRound, roundEnd: number): Promise<void> {
    const reply = await deps.core.run(message.request, chat);
    await notices(message, reply);
    const timeUp = now() >= Date.parse(message.until);
    if (reply.trackingOver === true || timeUp) {
      const locale = await deps.core.localeOf(chat);
      const last = reply.trackingOver === true ? reply : await lastAnswer(message, reply, [deps.core.t(locale, 'track-live-ended')]);
      if (last !== undefined && shownTrack.get(message.id) !== shownOf(last)) {
        const outcome = await send(message, roundEnd, tally, () => editor.redraw(message, last));
        if (outcome === 'deferred') {
          if (!timeUp) await deps.messages.put({ ...message, until: new Date(now()).toISOString() }).catch(() => undefined);
          return void (tally.deferred += 1);
        }
        shownTrack.set(message.id, shownOf(last));
      }
      if (message.pinId !== undefined) {
        const pin = pinOf(message, message.pinId);
        const outcome = await send(message, roundEnd, tally, () => editor.stop(pin, undefined));
        if (outcome === 'deferred') return void (tally.deferred += 1);
      }
      shown.delete(message.id);
      shownTrack.delete(message.id);
      await deps.messages.remove(message);
      tally.stopped += 1;
      return;
    }
    if (reply.kind !== 'answer') return void (tally.unchanged += 1);
    let changed = false;
    if (shownTrack.get(message.id) !== shownOf(reply)) {
      const outcome = await send(message, roundEnd, tally, () => editor.redraw(message, reply));
      if (outcome === 'deferred') return void (tally.deferred += 1);
      if (outcome === 'gone') {
        // The rider deleted the message: the pin beside it stops at the next round's end.
        await deps.messages.put({ ...message, until: new Date(now()).toISOString() });
        return void (tally.stopped += 1);
      }
      shownTrack.set(message.id, shownOf(reply));
      await keepShown(editor, message, reply);
      changed = true;
    }
    const location = reply.location;
    if (message.pinId !== undefined && location !== undefined && !sameSpot(shown.get(message.id), location)) {
      const outcome = await send(message, roundEnd, tally, () => editor.move(pinOf(message, message.pinId!), location, reply));
      if (outcome === 'moved') {
        shown.set(message.id, location);
        changed = true;
      }
    }
    if (changed) tally.moved += 1;
    else tally.unchanged += 1;
  }

  async function one(editor: LiveEditor, message: LiveMessage, slot: number, tally: LiveRound, roundEnd: number): Promise<void> {
    if (!(await deps.claims.claim(liveRoundKey(message.id, slot), deps.instanceId, deps.intervalMs * 2))) {
      tally.elsewhere += 1;
      return;
    }
    if (redrawn(message)) return board(editor, message, chatOf(message), tally, roundEnd);
    if (message.kind === 'track') return track(editor, message, chatOf(message), tally, roundEnd);
    const chat = chatOf(message);
    if (now() >= Date.parse(message.until)) {
      // The answer as it is now, for the platforms that show it with the last word (Discord's embed).
      let last: Reply | undefined;
      if (editor.redrawsOnStop === true) {
        const reply = await deps.core.run(message.request, chat);
        const locale = await deps.core.localeOf(chat);
        last = await lastAnswer(message, reply, [deps.core.t(locale, reply.trackingOver === true ? overLine(reply) : 'where-live-ended')]);
      }
      return end(editor, message, last, tally, roundEnd);
    }
    const reply = await deps.core.run(message.request, chat);
    if (reply.trackingOver === true) {
      const locale = await deps.core.localeOf(chat);
      return end(editor, message, await lastAnswer(message, reply, [deps.core.t(locale, overLine(reply))]), tally, roundEnd);
    }
    // No fresh fix (an old one, the feed down): the pin stays where it was until one comes.
    const location = reply.location;
    if (location === undefined || sameSpot(shown.get(message.id), location)) return void (tally.unchanged += 1);
    const outcome = await send(message, roundEnd, tally, () => editor.move(message, location, reply));
    if (outcome === 'deferred') return void (tally.deferred += 1);
    if (outcome === 'gone') {
      shown.delete(message.id);
      await deps.messages.remove(message);
      tally.stopped += 1;
      return;
    }
    shown.set(message.id, location);
    await keepShown(editor, message, reply);
    tally.moved += 1;
  }

  async function round(): Promise<LiveRound> {
    const tally: LiveRound = { moved: 0, unchanged: 0, stopped: 0, deferred: 0, elsewhere: 0, failed: 0, rateLimited: 0 };
    const slot = Math.floor(now() / deps.intervalMs);
    // Edits waiting for the budget may wait until the next round is due, not past it.
    const roundEnd = now() + deps.intervalMs;
    for (const editor of deps.editors) {
      let messages: LiveMessage[];
      try {
        messages = await deps.messages.list(editor.platform);
      } catch (err) {
        deps.logger.warn({ platform: editor.platform, problem: errorLine(err) }, 'live messages not read; trying again next round');
        continue;
      }
      await mapLimit(messages, deps.concurrency ?? 32, async (message) => {
        try {
          await one(editor, message, slot, tally, roundEnd);
        } catch (err) {
          tally.failed += 1;
          // Editors hand over failures with their secrets removed; logged as a line, never as the object.
          deps.logger.warn({ platform: editor.platform, live: message.id, problem: errorLine(err) }, 'live message not edited this round');
        }
      });
    }
    return tally;
  }

  return { round: () => (running ??= round().finally(() => (running = undefined))) };
}
