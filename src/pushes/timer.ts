// The one timer of the pushes: node-cron fires at :00 and :30 of every minute; each fire reads the
// realtime feeds (so that what follows them sees every snapshot) and starts a round of the live
// messages, and the one at :00 the minute's tick (alerts, then disruptions).
// Every instance fires on the same wall-clock half-minutes, so that a live round's number (its
// claim) is the same everywhere. The work guards itself against overlapping (a tick still running
// skips the next; a round under way is the round), so a fire never waits for the last one.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../log.js';

/** Live messages are edited this often: the realtime feeds' own interval, no use asking faster. */
export const LIVE_ROUND_MS = 30_000;

export interface TimedWork {
  /** The minute's tick; never rejects. */
  minute(): Promise<unknown>;
  /** One round of the live messages; never rejects. Absent: no platform edits live messages. */
  liveRound?(): Promise<unknown>;
  /** Each half-minute, before the live round: the realtime feeds read, whether riders ask or not; never rejects. */
  realtimeRound?(): Promise<unknown>;
}

/** How the timer is fired: node-cron in production; a test fires it at the instants it chooses. */
export type Schedule = (expression: string, fire: (at: Date) => void) => Pick<ScheduledTask, 'destroy'>;

export interface PushesTimer {
  /** Starts firing, and ticks once at once: a restart may have missed minutes, made up now rather than at the next one. */
  start(): void;
  /** Stops firing; resolves once the work it started has finished. */
  stop(): Promise<void>;
}

export function createPushesTimer(work: TimedWork, options: { logger: Logger; schedule?: Schedule }): PushesTimer {
  const schedule = options.schedule ?? nodeCron(options.logger);
  const running = new Set<Promise<unknown>>();
  let task: Pick<ScheduledTask, 'destroy'> | undefined;
  let stopped = false;
  const run = (job: () => Promise<unknown>) => {
    if (stopped) return;
    const started = job().finally(() => running.delete(started));
    running.add(started);
  };
  return {
    start() {
      if (task !== undefined || stopped) return;
      task = schedule(`*/${LIVE_ROUND_MS / 1000} * * * * *`, (at) => {
        if (work.realtimeRound !== undefined) run(() => work.realtimeRound!());
        if (at.getUTCSeconds() === 0) run(() => work.minute());
        if (work.liveRound !== undefined) run(() => work.liveRound!());
      });
      run(() => work.minute());
    },
    async stop() {
      stopped = true;
      await task?.destroy();
      await Promise.allSettled([...running]);
    },
  };
}

/** node-cron, its own messages (a missed execution) in our log. */
function nodeCron(logger: Logger): Schedule {
  const log = {
    info: (message: string) => logger.debug({ component: 'node-cron' }, message),
    warn: (message: string) => logger.warn({ component: 'node-cron' }, message),
    error: (message: string | Error, err?: Error) => logger.warn({ component: 'node-cron', error: String(err ?? message) }, 'node-cron error'),
    debug: (message: string | Error) => logger.debug({ component: 'node-cron' }, String(message)),
  };
  return (expression, fire) => cron.schedule(expression, (context) => fire(context.date), { name: 'pushes', logger: log });
}
