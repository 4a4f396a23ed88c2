import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import protobuf from 'protobufjs/minimal.js';
import type { Disruption } from '../../../domain/disruption.js';
import { FeedEntityType, FeedHeaderType } from '../../../gtfs-format/realtime-schema.js';
import { versionSteps } from '../../disruption-version.js';
import { contentOf, type RawEntity } from './alert-content.js';
import { JoinedAlert } from './joined-alert.js';

// GTFS-Realtime Service Alerts bytes -> disruptions, within limits that bound the memory whatever
// the bytes hold. The FeedMessage is walked on the wire (header 1, entity 2) and each entity decoded
// with protobufjs's reflection over the schema in gtfs-format, so that the decode can pause between
// entities: most feeds are small (MiWay's 69 alerts are 20 kB), but an 8 MB one of 200,000 entities
// read in one piece held the event loop for its whole decode. Entities that share an id are one
// disruption with every language's text (joined-alert.ts).

export interface AlertLimits {
  readonly maxAlerts: number;
  /** informed_entity and active_period messages over all the alerts. */
  readonly maxSelectors: number;
}

export const DEFAULT_ALERT_LIMITS: AlertLimits = { maxAlerts: 10_000, maxSelectors: 200_000 };

export class AlertsOverLimitError extends Error {
  override readonly name = 'AlertsOverLimitError';
}

export interface AlertsSnapshot {
  /** The header's timestamp, POSIX seconds; 0 when none. */
  readonly timestamp: number;
  readonly disruptions: readonly Disruption[];
}

/** Entities (or versions) between two looks at the clock. */
const ENTITIES_PER_STEP = 256;
const SLICE_MS = 5;

/** The decode as a generator that pauses every few hundred entities; it throws what decodeAlerts throws. */
function* alertSteps(bytes: Uint8Array, limits: AlertLimits): Generator<void, AlertsSnapshot, void> {
  const r = protobuf.Reader.create(bytes);
  const byId = new Map<string, JoinedAlert>();
  let timestamp: number | undefined;
  let selectors = 0;
  let sincePause = 0;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag === 10) {
      const header = FeedHeaderType.toObject(FeedHeaderType.decode(r, r.uint32()), { longs: Number }) as { timestamp?: number };
      timestamp = header.timestamp ?? 0;
    } else if (tag === 18) {
      const entity = FeedEntityType.toObject(FeedEntityType.decode(r, r.uint32()), { longs: Number, enums: String }) as RawEntity;
      if (++sincePause === ENTITIES_PER_STEP) {
        sincePause = 0;
        yield;
      }
      if (entity.alert === undefined || entity.isDeleted === true || entity.id === undefined) continue;
      selectors += (entity.alert.informedEntity?.length ?? 0) + (entity.alert.activePeriod?.length ?? 0);
      if (selectors > limits.maxSelectors) throw new AlertsOverLimitError(`more than ${limits.maxSelectors} informed entities and periods`);
      const content = contentOf(entity.alert);
      const earlier = byId.get(entity.id);
      if (earlier === undefined) byId.set(entity.id, new JoinedAlert(content));
      else earlier.add(content);
      if (byId.size > limits.maxAlerts) throw new AlertsOverLimitError(`more than ${limits.maxAlerts} alerts`);
    } else {
      r.skipType(tag & 7);
    }
  }
  // As the whole message's decode did: a FeedMessage without its (required) header is no feed.
  if (timestamp === undefined) throw new Error('no feed header');
  const disruptions: Disruption[] = [];
  for (const [id, joined] of byId) {
    const content = joined.content();
    disruptions.push(Object.freeze({ id, version: yield* versionSteps(content), ...content }));
    if (++sincePause === ENTITIES_PER_STEP) {
      sincePause = 0;
      yield;
    }
  }
  return { timestamp, disruptions };
}

/** Throws on bytes that are no FeedMessage (protobufjs's error) and AlertsOverLimitError past the limits. */
export function decodeAlerts(bytes: Uint8Array, limits: AlertLimits = DEFAULT_ALERT_LIMITS): AlertsSnapshot {
  const steps = alertSteps(bytes, limits);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** decodeAlerts a few milliseconds at a time, the event loop turning between slices (riders' answers, /healthz). */
export async function decodeAlertsInSlices(bytes: Uint8Array, limits: AlertLimits = DEFAULT_ALERT_LIMITS): Promise<AlertsSnapshot> {
  const steps = alertSteps(bytes, limits);
  let sliceEnd = performance.now() + SLICE_MS;
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() >= sliceEnd) {
      await nextTurn();
      sliceEnd = performance.now() + SLICE_MS;
    }
  }
}
