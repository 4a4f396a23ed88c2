import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../src/store/index.js';
import { recordedSource, replay, SNAPSHOTS, T0, type Replayed } from './snapshots.js';

// The accuracy figures of consecutive snapshots (snapshots.ts says what each prediction comes to),
// recorded through the GTFS source's own polling into a real store, and read back by
// reliability(): per route, at a stop; kept across a restart; counted once by two instances.

describe('accuracy recorded through the GTFS source', () => {
  let root: string;
  let opened: Array<{ close(): Promise<void> }>;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'accuracy-'));
    opened = [];
  });
  afterEach(async () => {
    for (const thing of opened.reverse()) await thing.close();
    rmSync(root, { recursive: true, force: true });
  });

  const store = async (): Promise<Store> => {
    const s = await openStore({ dataDir: join(root, 'store') });
    opened.push(s);
    return s;
  };
  const source = async (name: string, s: Store): Promise<Replayed> => {
    const replayed = await recordedSource(join(root, name), s.accuracy);
    opened.push(replayed.source);
    return replayed;
  };

  it('scores each prediction against the bus seen at the stop, by band, and counts cancelled and vanished trips', async () => {
    const one = await source('a', await store());
    await replay([one]);
    expect(await one.source.reliability!({ route: '10' })).toEqual({
      status: 'ok',
      days: 7,
      route: '10',
      tally: { scored: 4, accurate: 2, caught: 4, cancelled: 1, vanished: 1 },
    });
    expect(await one.source.reliability!({ route: '10', stop: '1001' })).toEqual({
      status: 'ok',
      days: 7,
      route: '10',
      stop: '1001',
      tally: { scored: 2, accurate: 2, caught: 2, cancelled: 1, vanished: 1 },
    });
    expect(await one.source.reliability!({ route: '20', stop: '1002' })).toMatchObject({
      status: 'ok',
      tally: { scored: 0, accurate: 0, caught: 0, cancelled: 0, vanished: 0 },
    });
    // What /metrics reads: this instance's totals by band and outcome.
    const totals = one.source.status!()[0]!.accuracy!;
    expect(totals.predictions.filter((p) => p.count > 0)).toEqual([
      { band: '0-3', outcome: 'within', count: 1 },
      { band: '0-3', outcome: 'late', count: 1 },
      { band: '3-6', outcome: 'within', count: 1 },
      { band: '10-15', outcome: 'late', count: 1 },
    ]);
    expect(totals).toMatchObject({ cancelled: 1, vanished: 1 });
    // Memory: the vanished trip's call waits for a bus, the scored ones are kept from starting again, each until its margin is out.
    expect(one.recorder.pending).toBe(4);
    await replay([one], [{ at: T0 + 3600, trips: [], vehicles: [] }]);
    expect(one.recorder.pending).toBe(0);
  });

  it('asks about routes and stops as riders name them, refusing what the schedule lacks', async () => {
    const one = await source('a', await store());
    await expect(one.source.reliability!({ route: '99' })).rejects.toMatchObject({ kind: 'unknown-route' });
    await expect(one.source.reliability!({ route: '10', stop: '9999' })).rejects.toMatchObject({ kind: 'unknown-stop' });
  });

  it('keeps its figures across a restart (a new store connection and a new source)', async () => {
    const first = await store();
    const before = await source('a', first);
    await replay([before], SNAPSHOTS.slice(0, 2));
    await before.source.close();
    await first.close();
    const again = await source('b', await store());
    // The later snapshots seen by the restarted instance only: T1's predictions were in the memory that went.
    await replay([again], SNAPSHOTS.slice(2));
    expect(await again.source.reliability!({ route: '10', stop: '1001' })).toMatchObject({
      tally: { scored: 1, accurate: 1, caught: 1, cancelled: 1, vanished: 1 },
    });
  });

  it('two instances polling the same feed into one store count each snapshot once', async () => {
    const [s1, s2] = [await store(), await store()];
    const a = await source('a', s1);
    const b = await source('b', s2);
    await replay([a, b]);
    for (const replayed of [a, b]) {
      expect(await replayed.source.reliability!({ route: '10' })).toMatchObject({
        tally: { scored: 4, accurate: 2, caught: 4, cancelled: 1, vanished: 1 },
      });
    }
    // Summed over the instances, /metrics counts each once too.
    const scored = (r: Replayed) => r.source.status!()[0]!.accuracy!.predictions.reduce((n, p) => n + p.count, 0);
    expect(scored(a) + scored(b)).toBe(4);
  });
});
