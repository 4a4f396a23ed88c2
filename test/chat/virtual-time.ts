import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../../src/domain/clock.js';
import type { LiveEditor } from '../../src/domain/live-editor.js';
import type { Sleep } from '../../src/util/sleep.js';

/**
 * Time that passes only when everything waits: a clock, and a sleep on it, for tests of minutes of
 * live messages that run in seconds. Whenever no edit is on its way (see `counting`) and the event
 * loop has gone quiet, the clock jumps to the earliest wake-up and wakes everyone due then; while
 * work is under way (`busy`: a round), only the waits of that work (`sleep`) move it, and the
 * test's own (`until`) are woken as the clock passes them. The work itself takes no time: a
 * request reaches the fake platform at the instant of the clock it was sent at, so what a fake
 * counts per second is what the bot sent per second, with no noise from a loaded machine.
 */
export interface VirtualTime {
  clock: Clock;
  /** The bot's waits (the updater's): they move the clock even during a round. */
  sleep: Sleep;
  /** The test's own wait until `ms` after the start: the clock jumps there only when no work is under way. */
  until(ms: number): Promise<void>;
  /** Work under way until `work` settles (a round of the updater). */
  busy<T>(work: Promise<T>): Promise<T>;
  /** Milliseconds since the start. */
  elapsed(): number;
  /** The editor, its requests counted as on their way while they are. */
  counting(editor: LiveEditor): LiveEditor;
  /** Stops moving the clock. */
  stop(): void;
}

export function virtualTime(startIso: string): VirtualTime {
  const start = Date.parse(startIso);
  let now = start;
  let onTheirWay = 0;
  let working = 0;
  let stopped = false;
  const sleepers: Array<{ at: number; wake: () => void; test: boolean }> = [];
  const quiet = async () => {
    // A few turns of the loop and a real millisecond: answers read from sockets and SQLite get in.
    for (let i = 0; i < 5; i++) await nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 1));
  };
  void (async () => {
    while (!stopped) {
      await quiet();
      const eligible = sleepers.filter((s) => working === 0 || !s.test);
      if (onTheirWay > 0 || eligible.length === 0) continue;
      const at = Math.min(...eligible.map((s) => s.at));
      now = Math.max(now, at);
      for (const due of sleepers.filter((s) => s.at <= now)) {
        sleepers.splice(sleepers.indexOf(due), 1);
        due.wake();
      }
    }
  })();
  const track =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      onTheirWay += 1;
      try {
        return await f(...args);
      } finally {
        onTheirWay -= 1;
      }
    };
  return {
    clock: () => new Date(now),
    sleep: (ms) => new Promise<void>((wake) => void sleepers.push({ at: now + Math.max(0, Number.isNaN(ms) ? 0 : ms), wake, test: false })),
    until: (ms) => new Promise<void>((wake) => void sleepers.push({ at: Math.max(now, start + ms), wake, test: true })),
    async busy(work) {
      working += 1;
      try {
        return await work;
      } finally {
        working -= 1;
      }
    },
    elapsed: () => now - start,
    counting: (editor) => ({
      ...editor,
      platform: editor.platform,
      redraw: track((m, r) => editor.redraw(m, r)),
      move: track((m, l, r) => editor.move(m, l, r)),
      stop: track((m, r) => editor.stop(m, r)),
    }),
    stop: () => void (stopped = true),
  };
}
