import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { fixedClock } from '../../../src/domain/clock.js';
import { FeedMessageType } from '../../../src/gtfs-format/realtime-schema.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { zipGtfs } from '../../../src/sim/gtfs-zip.js';

export const fixture = (name: string) => new URL(`../../fixtures/gtfs-rt/${name}`, import.meta.url).pathname;

/** A logger whose lines the test can read (to check that no secret reaches them). */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

export function tempDir(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'gtfs-rt-test-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function writeZip(path: string, files: Record<string, string>): Promise<string> {
  writeFileSync(path, await zipGtfs(files));
  return path;
}

export function encodeFeed(message: Record<string, unknown>): Uint8Array {
  return FeedMessageType.encode(FeedMessageType.fromObject(message)).finish();
}

export async function fileSource(dir: string, zip: string, tripUpdates: string | undefined, at: string | number) {
  const now = fixedClock(at);
  const { logger, lines } = capturingLogger();
  const source: GtfsSource = await createGtfsSource({
    schedule: { kind: 'file', path: zip },
    ...(tripUpdates !== undefined ? { tripUpdates: { kind: 'file', path: tripUpdates } } : {}),
    dataDir: dir,
    now,
    logger,
  });
  return { source, now, lines };
}
