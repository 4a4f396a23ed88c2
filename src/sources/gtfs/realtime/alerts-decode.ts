import protobuf from 'protobufjs/minimal.js';
import type { Disruption } from '../../../domain/disruption.js';
import { smallVersion, versionSteps } from '../../disruption-version.js';
import { readAlert, type Content, type SelectorCount } from './alert-content.js';
import { FeedDecodeError, headerTimestamp, nextStep } from './decode.js';
import { JoinedAlert } from './joined-alert.js';
import type { KeptAlerts } from './kept-alerts.js';
import { FeedOverLimitError } from './limits.js';
import { runInSlices } from './sliced-decode.js';

// GTFS-Realtime Service Alerts bytes -> disruptions, within limits that bound the memory whatever
// the bytes hold. Read with protobufjs's wire Reader straight into disruptions (alert-content.ts),
// as trip updates and vehicle positions are: decoding into protobufjs's messages first and mapping
// them built every object twice (9 to 12 times protobufjs's own decode). A generator that pauses
// between entities, so that a refresh gives the event loop back (sliced-decode.ts): most feeds are
// small (MiWay's 69 alerts are 20 kB), but an 8 MB one of 200,000 entities read in one piece held
// the event loop for its whole decode. Entities that share an id are one disruption with every
// language's text (joined-alert.ts). What an alert feed carries besides alerts (trip updates,
// vehicles, extensions) is skipped unread.

export interface AlertLimits {
  readonly maxAlerts: number;
  /** informed_entity and active_period messages over all the alerts. */
  readonly maxSelectors: number;
}

export const DEFAULT_ALERT_LIMITS: AlertLimits = { maxAlerts: 10_000, maxSelectors: 200_000 };

/** A feed past its alert limits; a FeedOverLimitError, so that a poll refuses it as too large. */
export class AlertsOverLimitError extends FeedOverLimitError {
  override readonly name = 'AlertsOverLimitError';
}

export interface AlertsSnapshot {
  /** The header's timestamp, POSIX seconds; 0 when none. */
  readonly timestamp: number;
  readonly disruptions: readonly Disruption[];
}

/** Entities (or versions) between two looks at the clock. */
const ENTITIES_PER_STEP = 256;

type Reader = protobuf.Reader;

/** The id of the entity read last: a string, not an object per entity. */
const read = { id: '' };

/**
 * One FeedEntity, bytes[r.pos, end): its alert (field 5), or undefined (deleted, another kind of
 * entity); its id (required) in `read`. An entity the last poll read, byte for byte, is not read
 * again: its alert is the one kept.
 */
function entity(r: Reader, bytes: Uint8Array, end: number, count: SelectorCount, kept: KeptAlerts | undefined): Content | undefined {
  const start = r.pos;
  let id: string | undefined;
  let deleted = false;
  let alert: Content | undefined;
  let selectorsBefore = count.selectors;
  while (r.pos < end) {
    const first = r.pos === start;
    const tag = r.uint32();
    if (tag === 10) {
      id = r.string();
      // Producers write the id first; an entity that does not is read whole.
      const same = first ? kept?.find(id, bytes, start, end) : undefined;
      if (same !== undefined) {
        count.selectors += same.selectors;
        if (count.selectors > count.maxSelectors) count.over();
        kept!.keep(id, { ...same, bytes, start, end });
        r.pos = end;
        read.id = id;
        return same.content;
      }
    } else if (tag === 16) deleted = r.bool();
    else if (tag === 42) {
      selectorsBefore = count.selectors;
      alert = readAlert(r, r.uint32() + r.pos, count);
    } else r.skipType(tag & 7);
  }
  if (id === undefined) throw new FeedDecodeError('an entity without its id');
  // A deleted entity's selectors are not the feed's (is_deleted usually comes first, before the alert).
  if (deleted) count.selectors = selectorsBefore;
  read.id = id;
  if (deleted || alert === undefined) return undefined;
  kept?.keep(id, { bytes, start, end, selectors: count.selectors - selectorsBefore, content: alert });
  return alert;
}

/** The disruption's keys in the order they always had: its version is the digest of its content's JSON, and disruptions are compared whole. */
function disruption(id: string, version: string, c: Content): Disruption {
  return c.url === undefined
    ? {
        id,
        version,
        effect: c.effect,
        cause: c.cause,
        severity: c.severity,
        header: c.header,
        description: c.description,
        entities: c.entities,
        periods: c.periods,
      }
    : {
        id,
        version,
        effect: c.effect,
        cause: c.cause,
        severity: c.severity,
        header: c.header,
        description: c.description,
        url: c.url,
        entities: c.entities,
        periods: c.periods,
      };
}

/** The decode as a generator that pauses every few hundred entities; it throws what decodeAlerts throws. */
function* alertSteps(bytes: Uint8Array, limits: AlertLimits, kept: KeptAlerts | undefined): Generator<void, AlertsSnapshot, void> {
  const r = protobuf.Reader.create(bytes);
  const byId = new Map<string, Content | JoinedAlert>();
  const count: SelectorCount = {
    selectors: 0,
    maxSelectors: limits.maxSelectors,
    over() {
      throw new AlertsOverLimitError('informed entities and periods', limits.maxSelectors);
    },
  };
  let timestamp: number | undefined;
  let sincePause = 0;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag === 10) {
      timestamp = headerTimestamp(r, r.uint32() + r.pos);
    } else if (tag === 18) {
      const end = r.uint32() + r.pos;
      // Checked before any byte is compared with the last poll's: a view may have bytes past its end.
      if (end > r.len) throw new FeedDecodeError('an entity cut short');
      const alert = entity(r, bytes, end, count, kept);
      const id = read.id;
      if (++sincePause === ENTITIES_PER_STEP) {
        sincePause = 0;
        yield;
      }
      if (alert === undefined) continue;
      // Most ids come once: an alert is joined only when its id comes again.
      const earlier = byId.get(id);
      if (earlier === undefined) {
        byId.set(id, alert);
        if (byId.size > limits.maxAlerts) throw new AlertsOverLimitError('alerts', limits.maxAlerts);
        continue;
      }
      if (earlier instanceof JoinedAlert) earlier.add(alert);
      else byId.set(id, new JoinedAlert(earlier).add(alert));
      kept?.forget(id);
    } else {
      r.skipType(tag & 7);
    }
  }
  // A FeedMessage without its (required) header is no feed.
  if (timestamp === undefined) throw new FeedDecodeError('no feed header');
  const disruptions: Disruption[] = [];
  for (const [id, alert] of byId) {
    const content = alert instanceof JoinedAlert ? alert.content() : alert;
    const same = kept?.disruptionOf(id, content);
    if (same !== undefined) {
      disruptions.push(same);
      continue;
    }
    const version = smallVersion(content) ?? (yield* versionSteps(content));
    const made = Object.freeze(disruption(id, version, content));
    kept?.made(id, content, made);
    disruptions.push(made);
    if (++sincePause === ENTITIES_PER_STEP) {
      sincePause = 0;
      yield;
    }
  }
  kept?.commit();
  return { timestamp, disruptions };
}

/** Throws FeedDecodeError on bytes that are no FeedMessage and AlertsOverLimitError past the limits. */
export function decodeAlerts(bytes: Uint8Array, limits: AlertLimits = DEFAULT_ALERT_LIMITS, kept?: KeptAlerts): AlertsSnapshot {
  kept?.begin();
  const steps = alertSteps(bytes, limits, kept);
  for (;;) {
    const step = nextStep(steps);
    if (step.done === true) return step.value;
  }
}

/** decodeAlerts a few milliseconds at a time, the event loop turning between slices (riders' answers, /healthz). */
export function decodeAlertsInSlices(bytes: Uint8Array, limits: AlertLimits = DEFAULT_ALERT_LIMITS, kept?: KeptAlerts): Promise<AlertsSnapshot> {
  kept?.begin();
  return runInSlices(alertSteps(bytes, limits, kept));
}
