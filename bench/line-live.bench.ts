// 🔴 /line pictures kept live: `npm run bench line-live`. N live pictures (one per chat, route 95
// at 3017), one live round each: every bus moved (each picture drawn again: the core's SVG, its
// digest, resvg's PNG on libuv's pool, the edit), then nothing moved (the SVG and its digest only:
// nothing rasterised, no edit). The editor is a stand-in that only counts (the platforms' own
// pace is the edit budget's: Telegram's 22.5 edits a second across chats, so N redraws take at
// least N / 22.5 s there); the budget here is wide open, so the figures are the drawing's cost.
// The store is SQLite in a temporary folder (the digest of what each shows is read from it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createBotCore } from '../src/core/index.js';
import type { LiveEditor } from '../src/domain/live-editor.js';
import { createEditBudget } from '../src/pushes/live/edit-budget.js';
import { createLiveUpdater } from '../src/pushes/live/live-updater.js';
import { openStore } from '../src/store/index.js';
import { memoryStores } from '../test/core/fakes.js';
import { movableLine } from '../test/chat/live-line.js';
import { underWatch } from './lib/event-loop.js';

const SIZES = (process.env.BENCH_SIZES ?? '10,40,80').split(',').map(Number);
const INTERVAL_MS = 30_000;

for (const pictures of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-line-live-'));
  const store = await openStore({ dataDir: dir });
  try {
    const line = movableLine();
    // Real time (the budget refills on it), moved on by a round's interval between rounds.
    let ahead = 0;
    const clock = () => new Date(Date.now() + ahead);
    const core = createBotCore({ transit: line.transit, ...memoryStores(), now: clock, drawPng: line.drawPng });
    let bytes = 0;
    const editor: LiveEditor = {
      platform: 'telegram',
      redraw: (_message, reply) => ((bytes += reply.image?.png.length ?? 0), Promise.resolve('edited')),
      move: () => Promise.resolve('moved'),
      stop: () => Promise.resolve(),
    };
    const updater = createLiveUpdater({
      core,
      messages: store.liveMessages,
      claims: store.claims,
      editors: [editor],
      budget: createEditBudget({ perSecond: 1_000_000, perChatPerMinute: { private: 1000, group: 1000, channel: 1000 } }, clock),
      clock,
      intervalMs: INTERVAL_MS,
      instanceId: 'bench',
      logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
    });
    const until = new Date(Date.now() + 3600_000).toISOString();
    for (let i = 0; i < pictures; i++) {
      await store.liveMessages.put({
        id: `telegram.${300_000 + i}.1`,
        platform: 'telegram',
        kind: 'picture',
        chatId: String(300_000 + i),
        chatType: 'private',
        messageId: '1',
        request: { name: 'line', options: { route: '95', stop: '3017' } },
        until,
      });
    }
    await updater.round(); // the first drawing of each, fonts and code warmed
    const round = async (label: string) => {
      ahead += INTERVAL_MS;
      const drawnBefore = line.drawn();
      bytes = 0;
      const cpu = process.cpuUsage();
      const { result: tally, ms, loop } = await underWatch(() => updater.round());
      const used = process.cpuUsage(cpu);
      console.log(
        `${pictures} live pictures, ${label}: round ${ms.toFixed(0)} ms (${(ms / pictures).toFixed(1)} ms a picture), ` +
          `this process's CPU ${((used.user + used.system) / 1000).toFixed(0)} ms; ${line.drawn() - drawnBefore} PNG drawn, ${tally.moved} edits ` +
          `(${(bytes / 1024).toFixed(0)} KiB uploaded), ${tally.unchanged} unchanged; event loop: longest delay ${loop.max.toFixed(1)} ms (this process's CPU in the longest gap ${loop.cpuInLongest.toFixed(1)} ms)`,
      );
    };
    line.move(2, 3);
    await round('every bus moved');
    await round('nothing moved');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
