import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { decodeTripUpdates } from '../../../../src/sources/gtfs/realtime/decode.js';
import { decodeInSlices } from '../../../../src/sources/gtfs/realtime/sliced-decode.js';
import { encodeFeed } from '../helpers.js';

// A refresh decodes in slices so that riders are answered meanwhile: other work must get turns of
// the event loop during the decode, and the snapshot must be the one a whole decode builds.

const bytes = encodeFeed({
  header: { gtfsRealtimeVersion: '2.0', timestamp: 1_700_000_000 },
  entity: Array.from({ length: 3000 }, (_, i) => ({
    id: `e${i}`,
    tripUpdate: { trip: { tripId: `T${i}` }, stopTimeUpdate: [{ stopSequence: 1, stopId: `S${i % 40}`, arrival: { time: 1_700_000_000 + i } }] },
  })),
});

/** Turns of the event loop that other work got while `work` ran. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; result: T }> {
  let turns = 0;
  let running = true;
  const other = (async () => {
    while (running) {
      await nextTurn();
      turns += 1;
    }
  })();
  const result = await work();
  const counted = turns;
  running = false;
  await other;
  return { turns: counted, result };
}

describe('decodeInSlices', () => {
  it('gives other work turns between slices, and builds the same snapshot as a whole decode', async () => {
    const whole = decodeTripUpdates(bytes);
    const { turns, result } = await turnsDuring(() => decodeInSlices(bytes, { sliceMs: 0 }));
    // 3,000 entities and 3,000 stop updates, a pause every 512 of them.
    expect(turns).toBeGreaterThanOrEqual(10);
    expect(result.entities).toBe(3000);
    expect([...result.byTripId.keys()]).toEqual([...whole.byTripId.keys()]);
    const last = result.byTripId.get('T2999')![0]!;
    expect(result.updatesOf(last)).toEqual(whole.updatesOf(whole.byTripId.get('T2999')![0]!));
    expect(result.updatesOf(last)[0]).toMatchObject({ stopId: 'S39', arrival: { time: 1_700_002_999 } });
  });

  it('in one piece (no slice limit), nothing else runs until it is done', async () => {
    const { turns } = await turnsDuring(() => decodeInSlices(bytes, { sliceMs: Infinity }));
    expect(turns).toBe(0);
  });
});
