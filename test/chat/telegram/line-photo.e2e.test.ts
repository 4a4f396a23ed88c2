import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { PICTURE_WIDTH, pictureHeight } from '../../../src/core/format/line-picture.js';
import { svgToPng } from '../../../src/render/svg-to-png.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { memoryStores } from '../../core/fakes.js';
import { readPng } from '../../render/picture-pixels.js';
import { capturingLogger, tempDir } from '../../sources/gtfs/helpers.js';
import { buttonsOf, htmlProblem } from './fake-bot-api.js';
import { ALICE, startHarness, type Harness } from './harness.js';

// /line on Telegram end to end: grammY uploads the picture to the fake Bot API as multipart
// (sendPhoto, the PNG as a file part named by "attach://"), the words as its HTML caption, and
// the 🛤 buttons under arrivals and under a 📍 answer ask for it with callback data of the 64 bytes
// Telegram allows. The demo network over GTFS, its buses moving.

const KEY = 'line-photo-key-91c0';

describe('/line on Telegram, as a photo', () => {
  const now = fixedClock('2026-03-10T08:00:00-04:00');
  const dir = tempDir();
  let sim: SimServer;
  let source: GtfsSource;
  let h: Harness;

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: KEY });
    source = await createGtfsSource({
      schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
      tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
      vehiclePositions: { kind: 'url', url: `${sim.url}/gtfs-rt/vehicle-positions` },
      headers: { 'Ocp-Apim-Subscription-Key': KEY },
      dataDir: dir.path,
      now,
      logger: capturingLogger().logger,
    });
    expect(await source.refreshSchedule()).toBe('imported');
    const core = createBotCore({ transit: source, ...memoryStores(), now, drawPng: svgToPng() });
    h = await startHarness({ core, clock: now });
  });
  afterAll(async () => {
    await h.close();
    await source.close();
    await sim.close();
    dir.remove();
  });

  it('sends the drawing with sendPhoto (multipart PNG), its words as the caption, within 1,024 characters', async () => {
    const board = await source.nextTrips('3017', '95');
    expect(board.routes.some((r) => r.problem === undefined)).toBe(true);
    h.text('/line 3017 95');
    const sent = await h.api.waitForCall('sendPhoto');
    expect(sent.params.chat_id).toBe(ALICE.id);
    const part = String(sent.params.photo);
    expect(part).toMatch(/^attach:\/\//);
    const png = sent.params[part.slice('attach://'.length)] as Uint8Array;
    const picture = readPng(png);
    expect([picture.width, picture.height]).toEqual([PICTURE_WIDTH, pictureHeight(2)]);
    const caption = String(sent.params.caption);
    expect(sent.params.parse_mode).toBe('HTML');
    expect(htmlProblem(caption)).toBeUndefined();
    expect(caption).toContain('<b>🛤 Route 95</b>');
    expect(caption).toMatch(/[●◉─🚌]+ 3017/u);
    expect(caption.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(1024);
    expect(sent.answer).toMatchObject({ chat: { id: ALICE.id } });
    // Refresh redraws it in place, 🔴 Live keeps redrawing it; one button per direction draws that one alone.
    expect(buttonsOf(sent).map((b) => b.callback_data)).toEqual(
      expect.arrayContaining(['2:u:line:95:3017', '2:u:linelive:95:3017', '2:r:next:3017:95', '2:r:line:95:3017:0', '2:r:line:95:3017:1']),
    );
  });

  it('the 🛤 under arrivals asks for the line at the stop; pressed, the photo of that route comes', async () => {
    h.text('/next 3017 95');
    const arrivals = await h.api.waitForCall('sendMessage', (c) => String(c.params.text).includes('3017'));
    const map = buttonsOf(arrivals).find((b) => b.text.startsWith('🛤'))!;
    expect(map.callback_data).toBe('2:r:line:95:3017');
    const before = new Set(h.api.calls.filter((c) => c.method === 'sendPhoto'));
    const { message_id } = arrivals.answer as { message_id: number };
    h.press(map.callback_data, { chatId: ALICE.id, messageId: message_id });
    const photo = await h.api.waitForCall('sendPhoto', (c) => !before.has(c));
    expect(String(photo.params.caption)).toContain('🛤 Route 95');
  });

  it('a direction button draws that direction alone: one panel', async () => {
    const before = new Set(h.api.calls.filter((c) => c.method === 'sendPhoto'));
    h.press('2:r:line:95:3017:1', { chatId: ALICE.id, messageId: 1 });
    const photo = await h.api.waitForCall('sendPhoto', (c) => !before.has(c));
    const part = String(photo.params.photo).slice('attach://'.length);
    expect(readPng(photo.params[part] as Uint8Array).height).toBe(pictureHeight(1));
  });
});
