import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/domain/clock.js';
import { createRealtimePoller } from '../../../../src/sources/gtfs/realtime/poller.js';
import { capturingLogger, encodeFeed, tempDir } from '../helpers.js';

// A feed's freshness is judged by when the bot last received it: a header stamped in the future
// (2100, or a producer writing milliseconds) must not keep a feed "live" once its endpoint fails.

const T0 = Date.parse('2025-03-12T08:00:00Z');
const feedStamped = (seconds: number) => encodeFeed({ header: { gtfsRealtimeVersion: '2.0', timestamp: seconds }, entity: [] });

describe('the freshness of a trip-updates feed', () => {
  let dir: ReturnType<typeof tempDir>;
  let file: string;
  beforeEach(() => {
    dir = tempDir();
    file = join(dir.path, 'trip-updates.pb');
  });
  afterEach(() => dir.remove());

  it.each([
    ['stamped 2100-01-01', Date.parse('2100-01-01T00:00:00Z') / 1000],
    ['stamped in milliseconds', T0],
  ])('%s: live while received, unavailable once the endpoint has failed for longer than the stale age', async (_name, stamp) => {
    const now = fixedClock(T0);
    const { logger, lines } = capturingLogger();
    const poller = createRealtimePoller({ location: { kind: 'file', path: file }, headers: {}, refreshMs: 30_000, now, logger });
    writeFileSync(file, feedStamped(stamp));
    expect((await poller.read()).status).toBe('live');
    // The endpoint fails from now on.
    writeFileSync(file, 'HTTP/1.1 503 Service Unavailable');
    now.advance(60_000);
    expect((await poller.read()).status).toBe('live');
    now.advance(10 * 60_000);
    expect((await poller.read()).status).toBe('unavailable');
    // Said once in the log, not at every read.
    expect(lines.filter((line) => line.includes('ahead of the clock'))).toHaveLength(1);
  });

  it('still reads an honest header: a feed produced two minutes before it was received is two minutes old', async () => {
    const now = fixedClock(T0);
    const { logger } = capturingLogger();
    const poller = createRealtimePoller({
      location: { kind: 'file', path: file },
      headers: {},
      refreshMs: 30_000,
      staleAfterMs: 150_000,
      now,
      logger,
    });
    writeFileSync(file, feedStamped(T0 / 1000 - 120));
    expect((await poller.read()).status).toBe('live');
    now.advance(31_000);
    expect((await poller.read()).status).toBe('stale');
  });
});
