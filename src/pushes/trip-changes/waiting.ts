// Who waits for which trips right now, for the trip-change pushes: a chat with a timed alert in the
// hour after its time (on its days), a "near" alert within its window, a live board (🔴) still
// kept up, or a 📍 or 🚌 following one trip. Subscriptions come from the store's index (never a scan):
// the timed alerts of each of the last 60 minutes, each minute's read once and kept until it leaves
// the hour (a subscription added for a minute already past waits for its next day), and the alerts
// due at the current minute read each round. Paused and ended subscriptions are not due, so not read.
import type { ChatContext } from '../../core/index.js';
import type { Platform } from '../../domain/chat.js';
import { kindOf } from '../../domain/alert-kinds/index.js';
import { instantOf, localMinutesAt, MINUTE_MS, type LocalMinute } from '../../domain/local-minute.js';
import type { LiveMessage, LiveMessagesRepository, SubscriptionsRepository } from '../../domain/store-ports.js';
import type { Subscription } from '../../domain/subscription.js';

/** A timed alert's riders wait this long after its time for the trips it showed them. */
export const AT_WAIT_MS = 60 * MINUTE_MS;
/** A live board's riders wait for the trips due within this of now. */
export const BOARD_WAIT_MS = 60 * MINUTE_MS;
/** A trip due this long ago may still be at the stop: its riders still wait. */
export const PAST_GRACE_MS = 2 * MINUTE_MS;

/** One chat waiting at a stop: for the trips of a route (all: undefined) due before `untilMs`, or for one trip (a 📍: its start). */
export interface Waiter {
  readonly chat: ChatContext;
  readonly stopNo: string;
  readonly routeNo?: string;
  /** Epoch ms: trips due after it are not waited for. */
  readonly untilMs: number;
  /** A 📍's trip, by its start as its button carries it ("0742"). */
  readonly tripKey?: string;
  /** The subscription it waits through ('' for a live message): delivery checks it is still active. */
  readonly subId: string;
}

export interface Waiting {
  /** Everyone waiting at `nowMs` on these platforms. */
  at(nowMs: number): Promise<Waiter[]>;
}

export interface WaitingDeps {
  subscriptions: Pick<SubscriptionsRepository, 'dueAt' | 'zones'>;
  liveMessages?: Pick<LiveMessagesRepository, 'list'>;
  platforms: ReadonlySet<Platform>;
}

export function createWaiting(deps: WaitingDeps): Waiting {
  /** Timed alerts that fired at a past minute, by zone and UTC minute: read once, kept for the hour. */
  const fired = new Map<string, Subscription[]>();

  async function firedAt(zone: string, minuteMs: number): Promise<Array<{ sub: Subscription; local: LocalMinute }>> {
    const found: Array<{ sub: Subscription; local: LocalMinute }> = [];
    for (const local of localMinutesAt(minuteMs, zone)) {
      const key = `${zone}\u0000${local.date}\u0000${local.minute}`;
      let subs = fired.get(key);
      if (subs === undefined) {
        subs = (await deps.subscriptions.dueAt(zone, local, new Date(minuteMs))).filter((s) => kindOf(s.schedule).cadence === 'each-minute');
        fired.set(key, subs);
      }
      for (const sub of subs) found.push({ sub, local });
    }
    return found;
  }

  async function fromSubscriptions(nowMs: number): Promise<Waiter[]> {
    const current = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    const waiters: Waiter[] = [];
    const zones = await deps.subscriptions.zones();
    const keep = new Set<string>();
    for (const zone of zones) {
      const seen = new Set<string>();
      for (let minute = current - AT_WAIT_MS; minute < current; minute += MINUTE_MS) {
        for (const local of localMinutesAt(minute, zone)) keep.add(`${zone}\u0000${local.date}\u0000${local.minute}`);
        for (const { sub, local } of await firedAt(zone, minute)) {
          const untilMs = instantOf(local.date, local.minute, zone) + AT_WAIT_MS;
          if (untilMs > nowMs && once(seen, sub)) waiters.push(waiterOf(sub, untilMs));
        }
      }
      // The current minute: timed alerts firing now, and "near" windows open now (read each round).
      for (const local of localMinutesAt(current, zone)) {
        for (const sub of await deps.subscriptions.dueAt(zone, local, new Date(nowMs))) {
          if (!deps.platforms.has(sub.chat.platform) || !once(seen, sub)) continue;
          const untilMs =
            sub.schedule.kind === 'near'
              ? instantOf(local.date, sub.schedule.until, zone) + (sub.schedule.withinMinutes + 1) * MINUTE_MS
              : instantOf(local.date, local.minute, zone) + AT_WAIT_MS;
          waiters.push(waiterOf(sub, untilMs));
        }
      }
    }
    // Minutes that left the hour are forgotten.
    for (const key of fired.keys()) if (!keep.has(key)) fired.delete(key);
    return waiters.filter((w) => deps.platforms.has(w.chat.platform));
  }

  async function fromLiveMessages(nowMs: number): Promise<Waiter[]> {
    if (deps.liveMessages === undefined) return [];
    const waiters: Waiter[] = [];
    for (const platform of deps.platforms) {
      for (const message of await deps.liveMessages.list(platform)) {
        const waiter = liveWaiter(message, nowMs);
        if (waiter !== undefined) waiters.push(waiter);
      }
    }
    return waiters;
  }

  return {
    async at(nowMs) {
      const [subs, live] = await Promise.all([fromSubscriptions(nowMs), fromLiveMessages(nowMs)]);
      return [...subs, ...live];
    },
  };
}

const once = (seen: Set<string>, sub: Subscription) => {
  const key = `${sub.chat.platform}:${sub.chat.chatId}:${sub.id}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
};

function waiterOf(sub: Subscription, untilMs: number): Waiter {
  return { chat: { ...sub.chat }, stopNo: sub.stopNo, ...(sub.routeNo !== undefined ? { routeNo: sub.routeNo } : {}), untilMs, subId: sub.id };
}

/** A 🔴 board waits for its stop's (route's) trips of the next hour; a 📍 or a 🚌 for the one trip it follows; nothing once ended. */
function liveWaiter(message: LiveMessage, nowMs: number): Waiter | undefined {
  if (Date.parse(message.until) <= nowMs) return undefined;
  const options = message.request.options as Readonly<Record<string, string | undefined>>;
  const stopNo = options.stop;
  if (typeof stopNo !== 'string') return undefined;
  const chat: ChatContext = {
    platform: message.platform,
    chatId: message.chatId,
    chatType: message.chatType,
    ...(message.languageCode !== undefined ? { languageCode: message.languageCode } : {}),
  };
  const routeNo = typeof options.route === 'string' ? options.route : undefined;
  const common = { chat, stopNo, ...(routeNo !== undefined ? { routeNo } : {}), subId: '' };
  if (message.kind === 'board') return { ...common, untilMs: nowMs + BOARD_WAIT_MS };
  // A 📍 and a 🚌 follow one trip: its rider hears when it is cancelled, vanishes or skips the stop.
  if ((message.request.name === 'where' || message.request.name === 'track') && typeof options.trip === 'string' && routeNo !== undefined)
    return { ...common, untilMs: nowMs + BOARD_WAIT_MS, tripKey: options.trip };
  return undefined;
}
