import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../../domain/clock.js';
import type { Logger } from '../../../log.js';
import { describeLocation, type Location } from '../net/location.js';
import { asFeedProblem } from '../net/problem.js';
import { downloadFeed, type Validators } from './download.js';
import { importFeed, type ImportProgress } from './import-feed.js';
import { openTimetable, type Timetable } from './timetable.js';

// The schedule in use and its renewal. Imports go to a new SQLite file under DATA_DIR/gtfs/ and
// are swapped in whole when complete; until then (and if one fails) riders are answered from the
// previous import. current.json names the file in use and the validators it was made from, so a
// restart starts from it at once.

export type ScheduleProgress = ImportProgress | { stage: 'download'; fraction: number; rows: 0 };

export interface ScheduleOptions {
  location: Location;
  dataDir: string;
  now: Clock;
  fetch?: typeof fetch;
  logger: Logger;
  /** Default: a day. */
  refreshMs?: number;
  /** Default: 10 minutes (the download of a city's zip). */
  downloadTimeoutMs?: number;
}

export interface Schedule {
  /** The import in use; undefined until the first one completes. */
  current(): Timetable | undefined;
  /** Resolves with the first usable import (at once when one is on disk). */
  ready(): Promise<Timetable>;
  /** Checks the source, imports it when it changed; never throws (failures are logged and returned). */
  refresh(): Promise<'unchanged' | 'imported' | 'failed'>;
  onProgress(listener: (p: ScheduleProgress) => void): () => void;
  /** Called with each import once it is in use. */
  onChange(listener: (t: Timetable) => void): void;
  close(): Promise<void>;
}

interface Manifest {
  db: string;
  source: string;
  validators: Validators;
  importedAt: string;
}

const MAX_ZIP_BYTES = 2 * 1024 * 1024 * 1024;
/** Answers under way on the replaced import get this long before its file is closed. */
const RETIRE_AFTER_MS = 60_000;

export async function openSchedule(options: ScheduleOptions): Promise<Schedule> {
  const dir = join(options.dataDir, 'gtfs');
  await mkdir(dir, { recursive: true });
  const manifestPath = join(dir, 'current.json');
  const source = describeLocation(options.location);
  const listeners = new Set<(p: ScheduleProgress) => void>();
  const emit = (p: ScheduleProgress) => listeners.forEach((listener) => listener(p));
  let manifest = await readManifest(manifestPath);
  let timetable: Timetable | undefined;
  let closed = false;
  let waiting: Array<(t: Timetable) => void> = [];
  const changeListeners: Array<(t: Timetable) => void> = [];

  if (manifest !== undefined && manifest.source === source) {
    timetable = await openTimetable(join(dir, manifest.db)).catch((err: unknown) => {
      options.logger.warn({ err: asFeedProblem(err, 'import').message }, 'the stored schedule could not be opened; importing again');
      return undefined;
    });
  }
  if (timetable === undefined) manifest = undefined;

  function swapIn(next: Timetable) {
    const old = timetable;
    timetable = next;
    for (const resolve of waiting) resolve(next);
    waiting = [];
    changeListeners.forEach((listener) => listener(next));
    if (old !== undefined) setTimeout(() => void old.close().catch(() => {}), RETIRE_AFTER_MS).unref();
  }

  let running: Promise<'unchanged' | 'imported' | 'failed'> | undefined;
  async function refreshOnce(): Promise<'unchanged' | 'imported' | 'failed'> {
    const started = options.now().getTime();
    const zip = join(dir, 'download.zip');
    try {
      const download = await downloadFeed({
        location: options.location,
        previous: manifest?.validators,
        target: zip,
        fetch: options.fetch ?? globalThis.fetch,
        timeoutMs: options.downloadTimeoutMs ?? 600_000,
        maxBytes: MAX_ZIP_BYTES,
        onBytes: (received, total) => emit({ stage: 'download', fraction: total ? received / total : 0, rows: 0 }),
      });
      if (!download.changed) {
        options.logger.debug({ source }, 'schedule unchanged');
        return 'unchanged';
      }
      const db = `schedule-${started}.sqlite`;
      const result = await importFeed(download.path, join(dir, db), emit);
      await rm(zip, { force: true });
      if (closed) return 'failed';
      const next = await openTimetable(join(dir, db));
      const previousDb = manifest?.db;
      manifest = { db, source, validators: download.validators, importedAt: new Date(started).toISOString() };
      await writeFile(`${manifestPath}.tmp`, JSON.stringify(manifest, null, 2));
      await rename(`${manifestPath}.tmp`, manifestPath);
      swapIn(next);
      if (previousDb !== undefined && previousDb !== db)
        setTimeout(() => void rm(join(dir, previousDb), { force: true }), RETIRE_AFTER_MS + 1000).unref();
      options.logger.info({ source, rows: result.rows, timeZone: result.timeZone, ms: options.now().getTime() - started }, 'schedule imported');
      return 'imported';
    } catch (err) {
      await rm(zip, { force: true }).catch(() => {});
      const problem = asFeedProblem(err, 'import');
      options.logger.error(
        { source, kind: problem.kind, status: problem.status, problem: problem.message },
        'schedule import failed; answering from the previous one',
      );
      return 'failed';
    }
  }

  const timer = setInterval(() => void schedule.refresh(), options.refreshMs ?? 24 * 3600_000);
  timer.unref();

  const schedule: Schedule = {
    current: () => timetable,
    ready: () => (timetable !== undefined ? Promise.resolve(timetable) : new Promise((resolve) => waiting.push(resolve))),
    refresh: () => (running ??= refreshOnce().finally(() => (running = undefined))),
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onChange: (listener) => void changeListeners.push(listener),
    async close() {
      closed = true;
      clearInterval(timer);
      await running?.catch(() => {});
      await timetable?.close().catch(() => {});
    },
  };
  return schedule;
}

async function readManifest(path: string): Promise<Manifest | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<Manifest>;
    return typeof value.db === 'string' && typeof value.source === 'string' ? (value as Manifest) : undefined;
  } catch {
    return undefined;
  }
}
