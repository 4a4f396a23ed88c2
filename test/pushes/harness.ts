// A scheduler on in-memory stores with a clock the test moves: tick at any instant, then wait
// until what that tick queued has been delivered.
import { startPushes, type Pushes } from '../../src/pushes/start-pushes.js';
import type { AlertSettings } from '../../src/pushes/settings.js';
import type { Subscription } from '../../src/domain/subscription.js';
import { createBotCore } from '../../src/core/create-core.js';
import { fixedClock } from '../../src/domain/clock.js';
import type { StopArrivals } from '../../src/domain/arrivals.js';
import { fakeTransit, memoryStores, privateChat, route, stopArrivals, trip, type FakeTransit } from '../core/fakes.js';
import { capturingLogger, memoryClaims, recordingNotifier, testSettings, type Script } from './fakes.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

export interface HarnessOptions {
  start: string;
  subs?: Subscription[];
  settings?: Partial<AlertSettings>;
  script?: Script;
  /** What `nextTripsAllRoutes` answers, by stop ("3017"); default: route 95 in 4 and 19 min. */
  arrivals?: Record<string, StopArrivals | Error | (() => StopArrivals | Promise<StopArrivals>)>;
}

export const DEFAULT_ARRIVALS = () => stopArrivals([route('95', [trip(4), trip(19)])]);

export async function harness(options: HarnessOptions) {
  const clock = fixedClock(options.start);
  const stores = memoryStores();
  for (const sub of options.subs ?? []) await stores.subscriptions.add(sub, 100);
  const arrivals = options.arrivals ?? { '3017': DEFAULT_ARRIVALS() };
  const transit: FakeTransit = fakeTransit({
    all: Object.fromEntries(Object.entries(arrivals).map(([stop, answer]) => [`all ${stop}`, answer as never])),
    // The stop exists: commands that check it (/subscribe, the 🔔 button) may run.
    // The routes the stop's arrivals name, as the stop's route summary lists them (a 🔔 checks its route there).
    summary: Object.fromEntries(Object.keys(arrivals).map((stop) => [`summary ${stop}`, stopArrivals([route('95', [])], stop)])),
  });
  const core = createBotCore({ transit, ...stores, now: clock });
  const claims = memoryClaims();
  const notifier = recordingNotifier(clock, options.script !== undefined ? { script: options.script } : {});
  const log = capturingLogger();
  const settings = testSettings(options.settings);
  let scheduler: Pushes = start();

  function start() {
    return startPushes({
      core,
      store: { subscriptions: stores.subscriptions, claims, lifecycle: stores.lifecycle },
      transit,
      notifiers: [notifier],
      chatTypeOf,
      settings,
      clock,
      logger: log.logger,
      timer: false,
      tuning: { backoffMs: 5 },
    });
  }

  async function tickAt(iso: string) {
    clock.set(iso);
    const totals = await scheduler.tick();
    await scheduler.tick.settled();
    return totals;
  }

  /** A tick at each whole minute of [from, to). */
  async function everyMinute(from: string, to: string) {
    for (let t = Date.parse(from); t < Date.parse(to); t += 60_000) await tickAt(new Date(t).toISOString());
  }

  return {
    clock,
    stores,
    transit,
    core,
    claims,
    notifier,
    log,
    get scheduler() {
      return scheduler;
    },
    tickAt,
    everyMinute,
    /** The 🔔 button under route 95's arrivals at 3017, pressed in the private chat 42 at the clock's time. */
    pressNotify: () => core.run({ name: 'notify', options: { stop: '3017', route: '95' } }, privateChat()),
    /** Stops the scheduler and starts a new one on the same stores and claims (a process restart). */
    async restart() {
      await scheduler.stop();
      scheduler = start();
    },
    stop: () => scheduler.stop(),
  };
}
