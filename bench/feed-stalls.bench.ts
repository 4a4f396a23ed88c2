// The whole bot stops answering while one feed's text is read in one piece: `npm run bench
// feed-stalls`. Hostile but legal inputs, read through the feeds the bot polls (from files, so that
// only the reading is measured), the longest event-loop stall measured by monitorEventLoopDelay
// while each is read. Goal: no stall over 100 ms.
// 1. GTFS-Realtime Service Alerts: 6,000 and 200,000 entities all with id "a", each naming a route
//    of its own (the join by id was quadratic: 6,000 took 11.4 s, 200,000 would take hours); and
//    the same feeds decoded whole, in one piece, for comparison.
// 2. OC Transpo's RSS: one item whose description is 4 MiB (the size cap of the feed) of "<" (the
//    stripping's regular expressions rescanned to the end for each: 64 kB took 6.7 s), and 4 MiB
//    of ordinary HTML paragraphs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { fixedClock } from '../src/domain/clock.js';
import type { DisruptionFeed } from '../src/sources/disruption-feed.js';
import { FeedMessageType } from '../src/gtfs-format/realtime-schema.js';
import { decodeAlerts } from '../src/sources/gtfs/realtime/alerts-decode.js';
import { gtfsAlertsFeed } from '../src/sources/gtfs/realtime/alerts-feed.js';
import { octranspoRssFeed } from '../src/sources/octranspo-rss/feed.js';
import { underWatch, type LoopFigures } from './lib/event-loop.js';

const GOAL_MS = 100;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const stall = (loop: LoopFigures) => `longest stall ${ms(loop.max)} (p99 ${ms(loop.p99)})`;
// On a loaded machine the loop also stalls while this process waits for a core: the process's own
// CPU within the longest gap, and the longest stall of an idle loop meanwhile, tell the two apart.
const verdict = (loop: LoopFigures) =>
  `${(loop.max / GOAL_MS).toFixed(2)}x the ${GOAL_MS} ms goal (${loop.max <= GOAL_MS ? 'met' : 'over'}); the process's own CPU in it ${(loop.cpuInLongest / GOAL_MS).toFixed(2)}x`;
const logger = pino({ level: 'silent' });
const now = fixedClock('2026-03-10T08:00:00-04:00');

function sharedIdAlerts(count: number): Uint8Array {
  return FeedMessageType.encode(
    FeedMessageType.fromObject({
      header: { gtfsRealtimeVersion: '2.0', timestamp: 1 },
      entity: Array.from({ length: count }, (_, i) => ({
        id: 'a',
        alert: { effect: 'DETOUR', headerText: { translation: [{ text: 'Detour', language: 'en' }] }, informedEntity: [{ routeId: `r${i}` }] },
      })),
    }),
  ).finish();
}

function rssWithDescription(description: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>OC Transpo</title><item><title>Detour 95</title><guid>alert-1769213580000</guid><category>Detours</category><description><![CDATA[${description}]]></description></item></channel></rss>`;
}

async function readOnce(feed: DisruptionFeed) {
  const read = await feed.read();
  if (read.status !== 'ok') throw new Error('the feed did not answer');
  return read.disruptions;
}

const dir = mkdtempSync(join(tmpdir(), 'feed-stalls-bench-'));
try {
  console.log(
    `load average at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (a stall is wall-clock time: other processes lengthen it)`,
  );

  const idle = await underWatch(() => sleep(2_000));
  console.log(`an idle loop for 2 s, for comparison: ${stall(idle.loop)}`);

  console.log('\n1. Service Alerts, every entity with id "a"');
  const perEntity: number[] = [];
  for (const count of [6_000, 200_000]) {
    const bytes = sharedIdAlerts(count);
    const path = join(dir, `alerts-${count}.pb`);
    writeFileSync(path, bytes);
    // The first poll of a process also compiles the decoder (protobufjs's code generation, the JIT).
    for (const poll of ['first poll', 'next poll']) {
      const feed = gtfsAlertsFeed({ location: { kind: 'file', path }, headers: {}, refreshMs: 60_000, now, logger });
      const polled = await underWatch(() => readOnce(feed));
      const [joined] = polled.result;
      if (polled.result.length !== 1 || joined!.entities.length !== count) throw new Error(`expected one disruption of ${count} routes`);
      if (poll === 'next poll') perEntity.push(polled.ms / count);
      console.log(
        `  ${count.toLocaleString('en')} entities (${(bytes.length / 1e6).toFixed(2)} MB), ${poll}: ${ms(polled.ms)}, ${stall(polled.loop)}; ${verdict(polled.loop)}`,
      );
    }
    const whole = await underWatch(() => decodeAlerts(bytes));
    console.log(`    decoded whole, in one piece (for comparison): ${ms(whole.ms)}, ${stall(whole.loop)}`);
  }
  console.log(`  cost per entity, 200,000 vs 6,000: ${(perEntity[1]! / perEntity[0]!).toFixed(2)}x (1x is linear; the quadratic join was 33x)`);

  console.log('\n2. OC Transpo RSS, one description of 4 MiB');
  const size = 4 * 1024 * 1024;
  const paragraph = '<p>Detour at stop #3017 on <b>Bank</b> &amp; Riverside.</p>';
  for (const [what, description] of [
    ['"<" repeated', '<'.repeat(size)],
    ['HTML paragraphs', paragraph.repeat(Math.floor(size / paragraph.length))],
  ] as const) {
    const path = join(dir, 'updates-en.xml');
    writeFileSync(path, rssWithDescription(description));
    for (const poll of ['first poll', 'next poll']) {
      const feed = octranspoRssFeed({ english: path, refreshMs: 60_000, now, logger });
      const polled = await underWatch(() => readOnce(feed));
      const text = polled.result[0]!.description[0]!.text;
      console.log(
        `  ${what}, ${poll}: ${ms(polled.ms)}, ${stall(polled.loop)}; ${verdict(polled.loop)}; text kept: ${text.length.toLocaleString('en')} characters`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
