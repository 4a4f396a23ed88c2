// Riders' reports in SQLite: expiring counters in their own table (migrations/layout-002), a
// report checked and written in one IMMEDIATE transaction (SQLite's write lock makes it one step
// across processes), the expired rows swept by each report and each read through the index on expires.
import type { Database } from 'better-sqlite3';
import { REPORT_COUNTS_TABLE } from './migrations/layout-002-report-counts.js';
import type { ReportCounts } from './report-counts.js';

/** `prefix` turns a key into its stored one (the namespace, as keyv prefixes its keys). */
export function sqliteReportCounts(db: Database, prefix: (key: string) => string): ReportCounts {
  const t = REPORT_COUNTS_TABLE;
  const sweep = db.prepare<[number]>(`DELETE FROM ${t} WHERE expires <= ?`);
  const countOf = db.prepare<[string, number], { count: number }>(`SELECT count FROM ${t} WHERE key = ? AND expires > ?`);
  // A counter past its time starts again from 1 (a row the sweep has not reached yet).
  const bump = db.prepare<[string, number, number]>(
    `INSERT INTO ${t} (key, count, expires) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET ` +
      `count = CASE WHEN ${t}.expires <= ? THEN 1 ELSE ${t}.count + 1 END, expires = excluded.expires`,
  );
  const sum = db.prepare<[string, number], { total: number | null }>(
    `SELECT sum(count) AS total FROM ${t} WHERE key IN (SELECT value FROM json_each(?)) AND expires > ?`,
  );
  return {
    add(write, at) {
      const now = at.getTime();
      const outcome = db
        .transaction(() => {
          sweep.run(now);
          if (countOf.get(prefix(write.mark.key), now) !== undefined) return 'already-reported' as const;
          if ((countOf.get(prefix(write.rate.key), now)?.count ?? 0) >= write.rate.max) return 'too-many' as const;
          for (const counter of [write.mark, write.rate, ...write.counters]) bump.run(prefix(counter.key), now + counter.ttlMs, now);
          return 'counted' as const;
        })
        .immediate();
      return Promise.resolve(outcome);
    },
    sum(keys, at) {
      // A read sweeps too, so that rows go on time on a bot whose riders stopped reporting.
      sweep.run(at.getTime());
      if (keys.length === 0) return Promise.resolve(0);
      return Promise.resolve(sum.get(JSON.stringify(keys.map(prefix)), at.getTime())?.total ?? 0);
    },
  };
}
