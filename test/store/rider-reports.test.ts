// Riders' reports of a bus that did not come, on SQLite and on Redis: one per rider per trip
// (across instances), a rider's reports limited per hour, counts by route, stop and hour that
// expire, and nothing stored that names the rider.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createClient } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import { REPORTABLE_FOR_MS, type ReportedTrip } from '../../src/domain/rider-reports.js';
import { SQLITE_FILE } from '../../src/store/index.js';
import { REPORTS_KEPT_DAYS, REPORTS_PER_HOUR } from '../../src/store/rider-reports.js';
import { REDIS_URL } from '../support/redis.js';
import { forEachBackend, itReadingRawKeys, type BackendUnderTest } from './backends.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RIDER = 'telegram:987654321';
const OTHER = 'telegram:123456789';
const AT = new Date('2026-11-27T12:50:00Z');
const trip = (start = '1230', extra: Partial<ReportedTrip> = {}): ReportedTrip => ({
  stop: 'oc:3017',
  route: '95',
  due: new Date('2026-11-27T12:42:00Z'),
  trip: start,
  ...extra,
});

/** Every key the test's namespace holds, with its value and how long it has to live (ms; undefined: forever). */
async function everything(backend: BackendUnderTest): Promise<Array<{ key: string; value: string; ttlMs: number | undefined }>> {
  const { dataDir, namespace, redisUrl } = backend.options();
  if (redisUrl === undefined) {
    const db = new Database(join(dataDir, SQLITE_FILE), { readonly: true });
    try {
      const keyv = db.prepare('SELECT key, value FROM keyv').all() as Array<{ key: string; value: string }>;
      const sets = db.prepare('SELECT set_key AS key, member AS value FROM keyv_sets').all() as Array<{ key: string; value: string }>;
      const counts = db.prepare('SELECT key, count, expires FROM report_counts').all() as Array<{ key: string; count: number; expires: number }>;
      return [
        ...[...keyv, ...sets].map((row) => ({ ...row, ttlMs: undefined })),
        ...counts.map((row) => ({ key: row.key, value: String(row.count), ttlMs: row.expires - AT.getTime() })),
      ];
    } finally {
      db.close();
    }
  }
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    const rows: Array<{ key: string; value: string; ttlMs: number | undefined }> = [];
    for await (const keys of client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 500 }))
      for (const key of keys) {
        const type = await client.type(key);
        const value = type === 'set' ? (await client.sMembers(key)).join(' ') : ((await client.get(key)) ?? '');
        const ttl = await client.pTTL(key);
        rows.push({ key, value, ttlMs: ttl < 0 ? undefined : ttl });
      }
    return rows;
  } finally {
    await client.close();
  }
}

forEachBackend((backend) => {
  describe("riders' reports", () => {
    it('count one report per rider per trip, across instances, by route and by stop', async () => {
      const clock = fixedClock(AT);
      const one = await backend.open({ now: clock });
      const two = await backend.open({ now: clock });
      // The same rider pressing on two instances at once: one counts.
      const outcomes = await Promise.all([one.riderReports.report(RIDER, trip(), AT), two.riderReports.report(RIDER, trip(), AT)]);
      expect(outcomes.sort()).toEqual(['already-reported', 'counted']);
      // The board's time moved between two boards: still the same trip.
      expect(await two.riderReports.report(RIDER, trip('1230', { due: new Date('2026-11-27T12:45:00Z') }), AT)).toBe('already-reported');
      expect(await two.riderReports.report(OTHER, trip(), AT)).toBe('counted');
      expect(
        await one.riderReports.report(
          OTHER,
          trip('1245', { stop: 'oc:3000', due: new Date('2026-11-27T13:05:00Z') }),
          new Date('2026-11-27T13:10:00Z'),
        ),
      ).toBe('counted');
      clock.set('2026-11-27T13:15:00Z');
      const since = new Date(AT.getTime() - 7 * DAY);
      expect(await one.riderReports.count({ route: '95', since })).toBe(3);
      expect(await one.riderReports.count({ route: '95', stop: 'oc:3017', since })).toBe(2);
      expect(await one.riderReports.count({ route: '95', stop: 'oc:3000', since })).toBe(1);
      expect(await one.riderReports.count({ route: '96', since })).toBe(0);
      // The route as a rider may type it.
      expect(await one.riderReports.count({ route: '095', since })).toBe(3);
      // Counted by the hour the trip was due: since 13:00 leaves the 12:42 trip out.
      expect(await one.riderReports.count({ route: '95', since: new Date('2026-11-27T13:00:00Z') })).toBe(1);
    });

    it("limit a rider's reports in an hour, and count the rider's next hour afresh", async () => {
      const store = await backend.open({ now: fixedClock(AT) });
      const starts = ['1200', '1205', '1210', '1215', '1220', '1225', '1230'];
      const outcomes = [];
      for (const start of starts.slice(0, REPORTS_PER_HOUR + 1)) outcomes.push(await store.riderReports.report(RIDER, trip(start), AT));
      expect(outcomes).toEqual([...Array<string>(REPORTS_PER_HOUR).fill('counted'), 'too-many']);
      expect(await store.riderReports.report(OTHER, trip('1225'), AT)).toBe('counted');
      expect(await store.riderReports.report(RIDER, trip('1230'), new Date('2026-11-27T13:01:00Z'))).toBe('counted');
    });

    itReadingRawKeys(backend)('keep counts for a bounded time, and what stands for a rider only while the trip can be reported', async () => {
      const clock = fixedClock(AT);
      const store = await backend.open({ now: clock });
      expect(await store.riderReports.report(RIDER, trip(), AT)).toBe('counted');
      const rows = (await everything(backend)).filter((row) => row.key.includes('reports:') && !row.key.endsWith('reports:secret'));
      expect(rows).toHaveLength(4);
      const kept = REPORTS_KEPT_DAYS * DAY + HOUR;
      for (const row of rows) {
        expect(row.ttlMs, row.key).toBeDefined();
        expect(row.ttlMs!, row.key).toBeLessThanOrEqual(row.key.includes(':rider-') ? REPORTABLE_FOR_MS : kept);
      }
      // A week later, still counted; past the days kept, gone.
      clock.set(new Date(AT.getTime() + 7 * DAY));
      expect(await store.riderReports.count({ route: '95', since: new Date(0) })).toBe(1);
      clock.set(new Date(AT.getTime() + (REPORTS_KEPT_DAYS + 1) * DAY));
      expect(await store.riderReports.count({ route: '95', since: new Date(0) })).toBe(0);
      if (backend.name === 'sqlite') {
        // Swept, not only unread.
        await store.riderReports.report(OTHER, trip('0900', { due: new Date(clock().getTime() - HOUR) }), clock());
        const firstHour = `:${Math.floor(trip().due.getTime() / HOUR)}`;
        expect((await everything(backend)).filter((row) => row.key.endsWith(firstHour))).toEqual([]);
      }
    });

    itReadingRawKeys(backend)('store nothing that names the rider', async () => {
      const store = await backend.open({ now: fixedClock(AT) });
      await store.riderReports.report(RIDER, trip(), AT);
      await store.riderReports.report(RIDER, trip(), AT);
      for (const start of ['1200', '1205', '1210', '1215', '1220']) await store.riderReports.report(RIDER, trip(start), AT);
      const rows = await everything(backend);
      expect(rows.length).toBeGreaterThan(4);
      for (const row of rows) {
        for (const part of [RIDER, '987654321']) {
          expect(row.key).not.toContain(part);
          expect(row.value).not.toContain(part);
        }
      }
    });

    itReadingRawKeys(backend)('count nothing and keep nothing when turned off', async () => {
      const store = await backend.open({ now: fixedClock(AT), riderReports: false });
      expect(await store.riderReports.report(RIDER, trip(), AT)).toBe('turned-off');
      expect(await store.riderReports.count({ route: '95', since: new Date(0) })).toBe(0);
      expect((await everything(backend)).filter((row) => row.key.includes('reports:'))).toEqual([]);
    });
  });
});
