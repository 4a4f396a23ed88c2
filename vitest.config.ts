import { defineConfig } from 'vitest/config';

// Two pools, one after the other. The tests that start whole programs (the bot as `npm start`
// runs it, alert instances, the simulator's and the deploy command's CLIs) spend seconds per case
// compiling and starting child processes, which compete with the test workers for the cores: run
// among the others they starved them (a fast file waiting behind a process start) and were
// starved in turn (a 20 s timeout on a loaded 2-core machine). So the fast files run first on
// every core, then the process-starting ones, two at a time.
const STARTS_PROGRAMS = [
  'test/main/**/*.test.ts',
  'test/pushes/alerts/instances.e2e.test.ts',
  'test/pushes/alerts/cluster.e2e.test.ts',
  'test/pushes/disruptions/disruption-restart.e2e.test.ts',
  'test/chat/discord/deploy.test.ts',
  'test/sim/cli.test.ts',
  // Chromium, for the live map.
  'test/web/map-browser.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        // Vitest's default leaves a core free (one worker on two cores); these files mostly wait
        // on sockets and timers, so both cores are used.
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: STARTS_PROGRAMS, maxWorkers: 2 },
      },
      {
        extends: true,
        // The programs start from dist/ as `npm start`, `npm run sim` and `npm run discord:deploy` run
        // them, built first if src/ changed.
        test: { name: 'programs', include: STARTS_PROGRAMS, maxWorkers: 2, sequence: { groupOrder: 1 }, globalSetup: ['test/support/build-dist.ts'] },
      },
    ],
  },
});
