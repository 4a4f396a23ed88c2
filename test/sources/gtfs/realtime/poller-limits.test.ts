import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/domain/clock.js';
import { FeedMessageType } from '../../../../src/gtfs-format/realtime-schema.js';
import { DEFAULT_FEED_LIMITS } from '../../../../src/sources/gtfs/realtime/limits.js';
import { createRealtimePoller } from '../../../../src/sources/gtfs/realtime/poller.js';
import { capturingLogger, encodeFeed, tempDir } from '../helpers.js';

// A big but allowed feed (under the byte cap) must not take the bot down with it: over the limits
// it is refused with one log line, and the previous feed keeps answering while it is fresh.

const T0 = Date.parse('2025-03-12T08:00:00Z');
const header = (at: number) => ({ gtfsRealtimeVersion: '2.0', timestamp: Math.floor(at / 1000) });

/** `count` minimal trip updates, each entity encoded alone (protobufjs builds 100,000 objects at once slowly). */
function entities(count: number, at: number): Uint8Array {
  const EntityType = FeedMessageType.lookupType('FeedEntity');
  const parts: Uint8Array[] = [encodeFeed({ header: header(at), entity: [] })];
  for (let i = 0; i < count; i++) {
    const body = EntityType.encode(EntityType.fromObject({ id: `e${i}`, tripUpdate: { trip: { tripId: `T${i}` } } })).finish();
    parts.push(Uint8Array.of(0x12, body.length), body);
  }
  return Buffer.concat(parts);
}

describe('the poller and the feed limits', () => {
  let dir: ReturnType<typeof tempDir>;
  let file: string;
  beforeEach(() => {
    dir = tempDir();
    file = join(dir.path, 'trip-updates.pb');
  });
  afterEach(() => dir.remove());

  function poller(limits?: { maxEntities: number; maxStopUpdates: number }) {
    const now = fixedClock(T0);
    const { logger, lines } = capturingLogger();
    const p = createRealtimePoller({
      location: { kind: 'file', path: file },
      headers: {},
      refreshMs: 30_000,
      now,
      logger,
      ...(limits ? { limits } : {}),
    });
    return { p, now, lines };
  }

  it('refuses a feed over the limits with one log line, answers from the previous feed while it is fresh, then says unavailable', async () => {
    const { p, now, lines } = poller({ maxEntities: 5, maxStopUpdates: 100 });
    writeFileSync(file, entities(3, T0));
    const first = await p.read();
    expect(first.status).toBe('live');

    writeFileSync(file, entities(6, T0 + 30_000));
    now.advance(30_000);
    const second = await p.read();
    expect(second.status).toBe('live');
    expect(second.feed).toBe(first.feed);
    expect(p.problem).toMatchObject({ kind: 'too-large', message: 'more than 5 entities' });
    now.advance(30_000);
    await p.read();
    expect(p.requests).toBe(3);
    const refusals = lines.filter((line) => line.includes('more than 5 entities'));
    expect(refusals).toHaveLength(1);
    expect(JSON.parse(refusals[0]!)).toMatchObject({ level: 50, kind: 'too-large' });

    now.advance(120_000);
    expect((await p.read()).status).toBe('unavailable');
  });

  it('by default, refuses a feed of more entities than DEFAULT_FEED_LIMITS allows', async () => {
    const { p } = poller();
    writeFileSync(file, entities(DEFAULT_FEED_LIMITS.maxEntities + 1, T0));
    expect((await p.read()).status).toBe('unavailable');
    expect(p.problem).toMatchObject({ kind: 'too-large', message: `more than ${DEFAULT_FEED_LIMITS.maxEntities} entities` });
  });
});
