// Trips that will not come as riders expect, pushed to the chats waiting for them: after each
// half-minute's read of the realtime feeds, the chats waiting now (waiting.ts: alerts within their
// hour or window, live boards, 📍 pins) are gathered, each distinct stop asked once (the source's
// own answer, which marks a trip cancelled, skipping the stop, or vanished from tracking), and
// each chat gets one message per trip and kind, naming the route's next trip and how far to trust
// it. Both halves of the choice: the snapshots say cheaply which routes have a changed trip
// (TransitSource.changedRoutes, read once per snapshot by the source), and only stops waited at
// on those routes are looked up; the answer then says the rest, being where the schedule, the feed
// and the vanish watch already meet (the trip's time at the stop, the stop as riders write it, the
// next trip). bench/trip-changes.bench.ts measures it at city scale, with and without the routes. Exactly once across restarts and instances: a
// "sent" mark per chat, stop, trip and kind (claim-keys.ts) read before rendering and checked
// again by delivery, the job id named by its marks, the alerts' own queue, pace and limiter.
import { createHash } from 'node:crypto';
import type { ChatContext, PushRendering, TripChange } from '../../core/index.js';
import { nextAfter, tripChangeOf } from '../../core/index.js';
import type { StopArrivals, Trip } from '../../domain/arrivals.js';
import type { Clock } from '../../domain/clock.js';
import { sameRouteName } from '../../domain/route-names.js';
import type { Claims } from '../../domain/store-ports.js';
import type { TransitSource } from '../../domain/transit-source.js';
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import { mapLimit } from '../../util/map-limit.js';
import { fetchStops } from '../alerts/fetch-stops.js';
import { tripChangeSentKey, tripIdentity } from '../claim-keys.js';
import type { AlertJob, AlertPart } from '../delivery/job.js';
import { tripChangeJobId } from '../delivery/job.js';
import type { DeliveryQueue } from '../delivery/queue.js';
import { PAST_GRACE_MS, type Waiter, type Waiting } from './waiting.js';

export interface TripChangePushDeps {
  transit: Pick<TransitSource, 'nextTripsAllRoutes' | 'changedRoutes'>;
  waiting: Waiting;
  claims: Pick<Claims, 'holder'>;
  core: Pick<PushRendering, 'tripChangeReply'>;
  clock: Clock;
  logger: Logger;
}

export interface TripChangeRound {
  /** Chats waiting, distinct stops asked, messages queued (one per chat at most). */
  waiting: number;
  stops: number;
  jobs: number;
}

/** One round: never rejects; a round under way is the round (a slow one is not doubled). */
export type TripChangePushes = (enqueue: DeliveryQueue['enqueue']) => Promise<TripChangeRound>;

const NOTHING: TripChangeRound = { waiting: 0, stops: 0, jobs: 0 };
/** Chats whose marks are read and messages rendered at once. */
const CHAT_CONCURRENCY = 16;

interface Candidate {
  key: string;
  subId: string;
  change: TripChange;
}

export function createTripChangePushes(deps: TripChangePushDeps): TripChangePushes {
  let running: Promise<TripChangeRound> | undefined;

  async function round(enqueue: DeliveryQueue['enqueue']): Promise<TripChangeRound> {
    const now = deps.clock();
    const all = await deps.waiting.at(now.getTime());
    if (all.length === 0) return NOTHING;
    const waiters = await onChangedRoutes(all);
    const fetched = await fetchStops(
      deps.transit as TransitSource,
      waiters.map((w) => w.stopNo),
    );
    const byChat = new Map<string, { chat: ChatContext; candidates: Map<string, Candidate> }>();
    for (const waiter of waiters) {
      const answer = fetched.get(waiter.stopNo);
      if (answer === undefined || !('arrivals' in answer)) continue;
      for (const change of changesFor(waiter, answer.arrivals, now)) {
        const chatKey = `${waiter.chat.platform}:${waiter.chat.chatId}`;
        let entry = byChat.get(chatKey);
        if (entry === undefined) byChat.set(chatKey, (entry = { chat: waiter.chat, candidates: new Map() }));
        const key = tripChangeSentKey(waiter.chat, answer.arrivals.stopNo, tripIdentity(change.routeNo, change.trip, now), change.kind);
        const known = entry.candidates.get(key);
        // A chat waiting through an alert and a live message at once: one message, kept as the alert's.
        if (known === undefined || (known.subId === '' && waiter.subId !== '')) entry.candidates.set(key, { key, subId: waiter.subId, change });
      }
    }
    const jobs = (
      await mapLimit([...byChat.values()], CHAT_CONCURRENCY, ({ chat, candidates }) => jobFor(chat, [...candidates.values()], now))
    ).filter((job): job is AlertJob => job !== undefined);
    if (jobs.length > 0) {
      await enqueue(jobs);
      deps.logger.info({ jobs: jobs.length, waiting: waiters.length, stops: fetched.size }, 'trip changes pushed to the chats waiting for them');
    }
    return { waiting: all.length, stops: fetched.size, jobs: jobs.length };
  }

  /** The waiters whose route has a trip the feed changed (a waiter of every route: any change at all); every one when the source cannot tell. */
  async function onChangedRoutes(waiters: Waiter[]): Promise<Waiter[]> {
    const changed = await deps.transit.changedRoutes?.();
    if (changed === undefined) return waiters;
    const routes = [...changed];
    const hit = new Map<string, boolean>();
    const touched = (routeNo: string) => {
      let found = hit.get(routeNo);
      if (found === undefined) hit.set(routeNo, (found = routes.some((r) => sameRouteName(routeNo, r))));
      return found;
    };
    return waiters.filter((w) => (w.routeNo === undefined ? routes.length > 0 : touched(w.routeNo)));
  }

  /** The chat's job: its changes not yet sent, each rendered in its language; undefined when all were sent. */
  async function jobFor(chat: ChatContext, candidates: Candidate[], now: Date): Promise<AlertJob | undefined> {
    const marks = await Promise.all(candidates.map((c) => deps.claims.holder(c.key)));
    const unsent = candidates.filter((_, i) => marks[i] === undefined);
    if (unsent.length === 0) return undefined;
    const parts: AlertPart[] = [];
    for (const candidate of unsent) {
      const reply = await deps.core.tripChangeReply(chat, candidate.change);
      parts.push({ key: candidate.key, subId: candidate.subId, oneShot: false, ...(candidate.subId === '' ? { live: true } : {}), reply });
    }
    const { languageCode: _, userId: __, botUsername: ___, ...target } = chat;
    return { id: tripChangeJobId(chat, digestOf(parts.map((p) => p.key))), chat: target, dueAt: now.getTime(), parts };
  }

  return (enqueue) =>
    (running ??= round(enqueue)
      .catch((err: unknown) => {
        // A store or feed failure: the next round looks again (nothing was marked).
        deps.logger.warn({ error: errorLine(err) }, 'trip changes not worked out this round');
        return NOTHING;
      })
      .finally(() => (running = undefined)));
}

/** The trips this waiter waits for that are cancelled, vanished or skipping the stop, each with its route's next trip. */
export function changesFor(waiter: Waiter, arrivals: StopArrivals, now: Date): TripChange[] {
  const changes: TripChange[] = [];
  for (const route of arrivals.routes) {
    if (route.problem !== undefined || (waiter.routeNo !== undefined && !sameRouteName(waiter.routeNo, route.routeNo))) continue;
    for (const trip of route.trips) {
      const kind = tripChangeOf(trip);
      if (kind === undefined || !waitsFor(waiter, trip, now)) continue;
      const next = nextAfter(trip, route.trips);
      changes.push({ kind, arrivals, routeNo: route.routeNo, trip, ...(next !== undefined ? { next } : {}) });
    }
  }
  return changes;
}

function waitsFor(waiter: Waiter, trip: Trip, now: Date): boolean {
  if (waiter.tripKey !== undefined) return trip.startTime.replace(':', '') === waiter.tripKey;
  const at = trip.at?.getTime() ?? now.getTime() + trip.minutesAway * 60_000;
  return at >= now.getTime() - PAST_GRACE_MS && at <= waiter.untilMs;
}

const digestOf = (keys: string[]) =>
  createHash('sha256')
    .update([...keys].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
