// GTFS-Realtime feeds of a chosen size and the decode's timing, for the gtfs-rt-feed and growth
// benches: real or demo entities repeated under new ids, and the source's decoder timed against
// protobufjs's bare decode of the same bytes.
import { performance } from 'node:perf_hooks';
import { FeedMessageType } from '../../src/gtfs-format/realtime-schema.js';
import { decodeTripUpdates } from '../../src/sources/gtfs/realtime/decode.js';

type Entity = { id: string; tripUpdate?: { trip: { tripId?: string } } };

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The seeds' entities repeated under new entity and trip ids (the originals kept once) up to `bytes`. */
export function feedOf(seeds: Uint8Array[], bytes: number): Uint8Array {
  const messages = seeds.map(
    (seed) => FeedMessageType.toObject(FeedMessageType.decode(seed), { longs: Number }) as { header: unknown; entity: Entity[] },
  );
  const once = messages.flatMap((m) => m.entity);
  const perCopy = FeedMessageType.encode(FeedMessageType.fromObject({ header: messages[0]!.header, entity: once })).finish().length;
  const entity: Entity[] = [...once];
  for (let copy = 1; copy < Math.ceil(bytes / perCopy); copy++) {
    for (const e of once) {
      const trip = e.tripUpdate?.trip;
      entity.push({
        ...e,
        id: `${e.id}~${copy}`,
        ...(trip ? { tripUpdate: { ...e.tripUpdate, trip: { ...trip, tripId: `${trip.tripId}~${copy}` } } } : {}),
      });
    }
  }
  return FeedMessageType.encode(FeedMessageType.fromObject({ header: messages[0]!.header, entity })).finish();
}

/**
 * protobufjs's own decode of `bytes` (the same schema) and the source's decoder (TripUpdates unless
 * `decode` says which), which also builds the snapshot: medians over `rounds` rounds of 4 decodes
 * each, after 5 rounds of warm-up. `reference` replaces protobufjs's side, for a comparison of like
 * with like (its decode, and what else ours does that a decode does not).
 */
export function timeDecodes(
  bytes: Uint8Array,
  rounds = 20,
  decode: (bytes: Uint8Array) => unknown = decodeTripUpdates,
  reference: (bytes: Uint8Array) => unknown = (bytes) => FeedMessageType.decode(bytes),
): { bareMs: number; oursMs: number; ratio: number } {
  const bare: number[] = [];
  const ours: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds + 5; round++) {
    const timed = (decode: () => unknown) => {
      const started = performance.now();
      for (let i = 0; i < 4; i++) decode();
      return (performance.now() - started) / 4;
    };
    const b = timed(() => reference(bytes));
    const o = timed(() => decode(bytes));
    if (round < 5) continue; // warm-up
    bare.push(b);
    ours.push(o);
    ratios.push(o / b);
  }
  return { bareMs: median(bare), oursMs: median(ours), ratio: median(ratios) };
}
