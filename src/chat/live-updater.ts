import type { BotCore } from '../bot/core.js';
import type { ChatContext } from '../bot/chat-context.js';
import { LIVE_BOARD_MINUTES } from '../bot/index.js';
import type { Platform } from '../domain/chat.js';
import type { Clock } from '../domain/clock.js';
import type { Reply, ReplyLocation } from '../domain/reply.js';
import type { Claims, LiveMessage, LiveMessagesRepository } from '../domain/store-ports.js';
import type { Logger } from '../log.js';
import { performance } from 'node:perf_hooks';
import type { EditBudget } from './edit-budget.js';
import { errorLine } from '../util/error-line.js';

// Messages that follow something: a live location following a bus, an arrivals board kept up to
// date. Every interval, each stored live message's request is run again through the core and the
// platform's editor moves the pin (or redraws the board), until the answer says it is over (the
// bus passed the stop) or the live period ends (a board then says it stopped). Each round
// of each message is claimed in the store, so that however many instances run, one edits it; an
// edit over the platform's limits (edit-budget.ts) waits for the next round. The messages are
// stored, so a restarted bot carries on editing them rather than sending new ones.

export interface LiveEditor {
  readonly platform: Platform;
  /** The message shows the answer itself (Discord's embed): its last edit wants the answer as it is then. */
  readonly redrawsOnStop?: boolean;
  /** Redraws a live board with a new answer; 'gone' when the platform no longer lets it be edited. */
  redraw(message: LiveMessage, reply: Reply): Promise<'edited' | 'gone'>;
  /**
   * Moves the message's pin (Telegram), or redraws the answer it shows with the bus's new place
   * (Discord's embed); 'gone' when the platform no longer lets it be edited (deleted, stopped by the rider).
   */
  move(message: LiveMessage, location: ReplyLocation, reply: Reply): Promise<'moved' | 'gone'>;
  /**
   * Ends the live message. `reply` is the last answer with a line saying it is no longer followed,
   * for platforms that redraw it (Discord); undefined when none could be had (the feed down).
   */
  stop(message: LiveMessage, reply: Reply | undefined): Promise<void>;
}

export interface LiveUpdaterDeps {
  core: BotCore;
  messages: LiveMessagesRepository;
  claims: Claims;
  editors: readonly LiveEditor[];
  budget: EditBudget;
  /** A platform's own limits where they differ from `budget`'s (Discord's beside Telegram's). */
  budgets?: Partial<Record<Platform, EditBudget>>;
  clock: Clock;
  intervalMs: number;
  /** Messages edited at once; the rest wait their turn within the round. */
  concurrency?: number;
  /** This instance, in the claims it holds. */
  instanceId: string;
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
}

export interface LiveUpdater {
  /** One round over every live message; never rejects. */
  round(): Promise<LiveRound>;
  /** Rounds every interval until stop(). */
  start(): void;
  stop(): Promise<void>;
}

const chatOf = (message: LiveMessage): ChatContext => ({
  platform: message.platform,
  chatId: message.chatId,
  chatType: message.chatType,
  ...(message.languageCode !== undefined ? { languageCode: message.languageCode } : {}),
});

const sameSpot = (a: ReplyLocation | undefined, b: ReplyLocation) => a !== undefined && a.lat === b.lat && a.lon === b.lon && a.bearing === b.bearing;

export function createLiveUpdater(deps: LiveUpdaterDeps): LiveUpdater {
  const shown = new Map<string, ReplyLocation>();
  let timer: NodeJS.Timeout | undefined;

  /**
   * The budget's yes for one edit: waiting out a full second (every chat's edits share it) until
   * the round's time is up; a chat whose own minute is full waits for the next round.
   */
  async function granted(message: LiveMessage, roundEnd: number): Promise<boolean> {
    const budget = deps.budgets?.[message.platform] ?? deps.budget;
    for (;;) {
      const answer = budget.take(message.chatId, message.chatType);
      if (answer === true) return true;
      if (answer === 'chat-full' || performance.now() + budget.spacingMs >= roundEnd) return false;
      await new Promise((resolve) => setTimeout(resolve, budget.spacingMs));
    }
  }
  let running: Promise<LiveRound> | undefined;

  /** The last answer, saying the bus is no longer followed: why (it passed, or the period ran out) is in `lineId`. */
  async function lastWords(message: LiveMessage, reply: Reply, lineId: string): Promise<Reply | undefined> {
    if (reply.kind !== 'answer') return undefined;
    const locale = await deps.core.localeOf(chatOf(message));
    return { ...reply, footer: [...(reply.footer ?? []), deps.core.t(locale, lineId)] };
  }

  async function end(editor: LiveEditor, message: LiveMessage, reply: Reply | undefined): Promise<void> {
    shown.delete(message.id);
    try {
      await editor.stop(message, reply);
    } finally {
      await deps.messages.remove(message);
    }
  }

  /** A board: the arrivals again with the minutes left, or once over, the last ones and "stopped". */
  async function board(editor: LiveEditor, message: LiveMessage, chat: ChatContext, tally: LiveRound, roundEnd: number): Promise<void> {
    const leftMs = Date.parse(message.until) - deps.clock().getTime();
    const reply = await deps.core.run(message.request, chat);
    const locale = await deps.core.localeOf(chat);
    const over = leftMs <= 0;
    // A failed look-up (the feed down) keeps the board as it was; once over, it is still said to have stopped.
    if (reply.kind !== 'answer' && !over) return void (tally.unchanged += 1);
    if (!(await granted(message, roundEnd))) return void (tally.deferred += 1);
    const minutes = Math.max(1, Math.ceil(leftMs / 60_000));
    const line = over
      ? deps.core.t(locale, 'live-board-stopped', { minutes: LIVE_BOARD_MINUTES })
      : deps.core.t(locale, 'live-board-left', { minutes });
    const shownReply = reply.kind === 'answer' ? reply : undefined;
    const outcome =
      shownReply === undefined ? 'edited' : await editor.redraw(message, { ...shownReply, footer: [...(shownReply.footer ?? []), line] });
    if (over || outcome === 'gone') {
      await deps.messages.remove(message);
      tally.stopped += 1;
    } else tally.moved += 1;
  }

  async function one(editor: LiveEditor, message: LiveMessage, slot: number, tally: LiveRound, roundEnd: number): Promise<void> {
    const now = deps.clock().getTime();
    if (!(await deps.claims.claim(`live-round.${message.id}.${slot}`, deps.instanceId, deps.intervalMs * 2))) {
      tally.elsewhere += 1;
      return;
    }
    if (message.kind === 'board') return board(editor, message, chatOf(message), tally, roundEnd);
    if (now >= Date.parse(message.until)) {
      if (!(await granted(message, roundEnd))) return void (tally.deferred += 1);
      // The answer as it is now, for the platforms that show it with the last word (Discord's embed).
      const last =
        editor.redrawsOnStop === true
          ? await lastWords(message, await deps.core.run(message.request, chatOf(message)), 'where-live-ended')
          : undefined;
      await end(editor, message, last);
      tally.stopped += 1;
      return;
    }
    const chat = chatOf(message);
    const reply = await deps.core.run(message.request, chat);
    if (reply.trackingOver === true) {
      if (!(await granted(message, roundEnd))) return void (tally.deferred += 1);
      await end(editor, message, await lastWords(message, reply, 'where-live-passed'));
      tally.stopped += 1;
      return;
    }
    // No fresh fix (an old one, the feed down): the pin stays where it was until one comes.
    if (reply.location === undefined || sameSpot(shown.get(message.id), reply.location)) return void (tally.unchanged += 1);
    if (!(await granted(message, roundEnd))) return void (tally.deferred += 1);
    if ((await editor.move(message, reply.location, reply)) === 'gone') {
      shown.delete(message.id);
      await deps.messages.remove(message);
      tally.stopped += 1;
      return;
    }
    shown.set(message.id, reply.location);
    tally.moved += 1;
  }

  async function round(): Promise<LiveRound> {
    const tally: LiveRound = { moved: 0, unchanged: 0, stopped: 0, deferred: 0, elsewhere: 0, failed: 0 };
    const slot = Math.floor(deps.clock().getTime() / deps.intervalMs);
    // Edits waiting for the budget may wait until the next round is due, not past it.
    const roundEnd = performance.now() + deps.intervalMs;
    for (const editor of deps.editors) {
      let messages: LiveMessage[];
      try {
        messages = await deps.messages.list(editor.platform);
      } catch (err) {
        deps.logger.warn({ platform: editor.platform, problem: errorLine(err) }, 'live messages not read; trying again next round');
        continue;
      }
      let next = 0;
      const worker = async () => {
        while (next < messages.length) {
          const message = messages[next++]!;
          try {
            await one(editor, message, slot, tally, roundEnd);
          } catch (err) {
            tally.failed += 1;
            // Editors hand over failures with their secrets removed; logged as a line, never as the object.
            deps.logger.warn({ platform: editor.platform, live: message.id, problem: errorLine(err) }, 'live message not edited this round');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? 32, messages.length) }, worker));
    }
    return tally;
  }

  return {
    round: () => (running ??= round().finally(() => (running = undefined))),
    start() {
      timer ??= setInterval(() => void (running ??= round().finally(() => (running = undefined))), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
