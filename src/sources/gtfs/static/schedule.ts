import { rm } from 'node:fs/promises';
import { makeFolder } from '../../../util/make-folder.js';
import { join } from 'node:path';
import type { Clock } from '../../../domain/clock.js';
import type { Logger } from '../../../log.js';
import { describeLocation, type Location } from '../net/location.js';
import { asFeedProblem } from '../net/problem.js';
import { fileSha256, networkDropped, storedScheduleProblem, syncFile } from './check-schedule.js';
import { downloadFeed } from './download.js';
import { FeedImportError, importFeed, type ImportProgress } from './import-feed.js';
import type { ImportLimits } from './import-limits.js';
import { claimSlot, removeLeftovers } from './import-slot.js';
import { readManifest, readRefusal, writeJson } from './manifest.js';
import { openTimetable, type Timetable } from './timetable.js';

// The schedule in use and its renewal. Imports go to a new SQLite file under DATA_DIR/gtfs/ and
// are swapped in whole when complete; until then (and if one fails) riders are answered from the
// previous import. current.json names the file in use, its hash and the validators it was made
// from, so a restart starts from it at once once its bytes check out; refused.json remembers the
// last file the import refused, so that it is not imported again until it changes. A start
// removes what a killed refresh left behind.

export type ScheduleProgress = ImportProgress | { stage: 'download'; fraction: number; rows: 0 };

/**
 * Why the last refresh failed, for operators and riders: the file was refused (it will not be
 * tried again until it changes), or could not be had. Safe to show: no request detail.
 */
export interface ScheduleProblem {
  readonly kind: 'refused' | 'unavailable';
  readonly message: string;
  /** ISO instant of the failure. */
  readonly at: string;
}

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
  /** Default: DEFAULT_IMPORT_LIMITS. */
  limits?: ImportLimits;
}

export interface Schedule {
  /** The import in use; undefined until the first one completes. */
  current(): Timetable | undefined;
  /** Why the last refresh failed (a refusal remembered on disk counts), until one succeeds. */
  problem(): ScheduleProblem | undefined;
  /** Resolves with the first usable import (at once when one is on disk). */
  ready(): Promise<Timetable>;
  /** Checks the source, imports it when it changed; never throws (failures are logged and returned). */
  refresh(): Promise<'unchanged' | 'imported' | 'failed'>;
  onProgress(listener: (p: ScheduleProgress) => void): () => void;
  /** Called with each import once it is in use. */
  onChange(listener: (t: Timetable) => void): void;
  close(): Promise<void>;
}

const MAX_ZIP_BYTES = 2 * 1024 * 1024 * 1024;
/** Answers under way on the replaced import get this long before its file is closed. */
const RETIRE_AFTER_MS = 60_000;

export async function openSchedule(options: ScheduleOptions): Promise<Schedule> {
  const dir = join(options.dataDir, 'gtfs');
  // One level at a time: Node's recursive mkdir spins for ever under /proc (SIGTERM unheard).
  makeFolder(dir);
  const manifestPath = join(dir, 'current.json');
  const source = describeLocation(options.location);
  const listeners = new Set<(p: ScheduleProgress) => void>();
  const emit = (p: ScheduleProgress) => listeners.forEach((listener) => listener(p));
  const refusalPath = join(dir, 'refused.json');
  let manifest = await readManifest(manifestPath, source);
  let refusal = await readRefusal(refusalPath, source);
  // A refusal remembered on disk is why there is no schedule after a restart: that file is not tried again.
  let problem: ScheduleProblem | undefined =
    refusal !== undefined ? { kind: 'refused', message: String(refusal.problem), at: String(refusal.refusedAt) } : undefined;
  let timetable: Timetable | undefined;
  let closed = false;
  let waiting: Array<(t: Timetable) => void> = [];
  const changeListeners: Array<(t: Timetable) => void> = [];

  const removed = await removeLeftovers(dir, manifest?.db).catch((err: unknown) => {
    options.logger.warn({ problem: asFeedProblem(err, 'file').message }, 'could not clear what an interrupted import left');
    return [];
  });
  if (removed.length > 0) options.logger.info({ files: removed }, 'removed what an interrupted import left');
  if (manifest !== undefined) {
    const path = join(dir, manifest.db);
    let problem = await storedScheduleProblem(path, manifest.sha256);
    if (problem === undefined) {
      try {
        timetable = await openTimetable(path);
      } catch (err) {
        problem = asFeedProblem(err, 'import').message;
      }
    }
    if (problem !== undefined) {
      options.logger.warn({ problem }, 'the stored schedule is damaged or unreadable; importing again');
      await rm(path, { force: true }).catch(() => {});
      manifest = undefined;
    }
  }

  // After a restart the operator is told again why riders get no times: the file is not tried until it changes.
  if (timetable === undefined && problem !== undefined) {
    options.logger.error(
      { source, problem: problem.message, refusedAt: problem.at },
      'schedule file refused earlier and unchanged; no schedule to answer from',
    );
  }

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
    let slot: Awaited<ReturnType<typeof claimSlot>> | undefined;
    try {
      slot = await claimSlot(dir, started);
      const download = await downloadFeed({
        location: options.location,
        seen: [...(manifest ? [manifest.validators] : []), ...(refusal ? [refusal.validators] : [])],
        target: slot.zip,
        fetch: options.fetch ?? globalThis.fetch,
        timeoutMs: options.downloadTimeoutMs ?? 600_000,
        maxBytes: MAX_ZIP_BYTES,
        onBytes: (received, total) => emit({ stage: 'download', fraction: total ? received / total : 0, rows: 0 }),
      });
      if (!download.changed) {
        options.logger.debug({ source }, 'schedule unchanged');
        return 'unchanged';
      }
      try {
        const result = await importFeed(download.path, slot.db, { onProgress: emit, ...(options.limits ? { limits: options.limits } : {}) });
        const dropped = timetable === undefined ? undefined : await networkDropped(timetable, result.rows);
        if (dropped !== undefined) {
          throw new FeedImportError(`${dropped}: refused (remove ${manifestPath} to accept it)`);
        }
        if (closed) return 'failed';
        await syncFile(slot.db);
        const written = {
          db: slot.dbName,
          source,
          validators: download.validators,
          importedAt: new Date(started).toISOString(),
          sha256: await fileSha256(slot.db),
        };
        const next = await openTimetable(slot.db);
        await writeJson(manifestPath, written).catch(async (err: unknown) => {
          await next.close().catch(() => {});
          throw err;
        });
        const previousDb = manifest?.db;
        manifest = written;
        swapIn(next);
        problem = undefined;
        if (refusal !== undefined) {
          refusal = undefined;
          await rm(refusalPath, { force: true });
        }
        if (previousDb !== undefined && previousDb !== slot.dbName)
          setTimeout(() => void rm(join(dir, previousDb), { force: true }), RETIRE_AFTER_MS + 1000).unref();
        options.logger.info({ source, rows: result.rows, timeZone: result.timeZone, ms: options.now().getTime() - started }, 'schedule imported');
        return 'imported';
      } catch (err) {
        // The file is at fault: remembered, so that it is not imported again until it changes.
        if (err instanceof FeedImportError) {
          refusal = { source, validators: download.validators, problem: err.message, refusedAt: new Date(started).toISOString() };
          await writeJson(refusalPath, refusal).catch(() => {});
        }
        throw err;
      }
    } catch (err) {
      const failure = asFeedProblem(err, 'import');
      problem = {
        kind: err instanceof FeedImportError ? 'refused' : 'unavailable',
        message: failure.message,
        at: new Date(started).toISOString(),
      };
      // With no earlier import there is nothing to answer from: riders hear that, not "loading".
      options.logger.error(
        { source, kind: failure.kind, status: failure.status, problem: failure.message },
        timetable === undefined ? 'schedule import failed; no schedule to answer from' : 'schedule import failed; answering from the previous one',
      );
      return 'failed';
    } finally {
      // A database that did not come into use (the process closing, a failure after the import) goes too.
      if (slot !== undefined && manifest?.db !== slot.dbName) await rm(slot.db, { force: true }).catch(() => {});
      await slot?.release().catch(() => {});
    }
  }

  const timer = setInterval(() => void schedule.refresh(), options.refreshMs ?? 24 * 3600_000);
  timer.unref();

  const schedule: Schedule = {
    current: () => timetable,
    problem: () => problem,
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
