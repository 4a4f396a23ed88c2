import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createBotCore } from '../src/core/create-core.js';
import { fixedClock } from '../src/domain/clock.js';
import { svgToPng } from '../src/render/svg-to-png.js';
import { createGtfsSource } from '../src/sources/gtfs/source.js';
import { memoryStores, privateChat } from './core/fakes.js';
import { capturingLogger, fixture, tempDir } from './sources/gtfs/helpers.js';
import { renderPlainText } from '../src/chat/console/render.js';
it('dump', async () => {
  const dir = tempDir();
  const source = await createGtfsSource({ schedule: { kind: 'file', path: fixture('miway-vehicles-gtfs.zip') }, tripUpdates: { kind: 'file', path: fixture('miway-trip-updates-vehicles.pb') }, vehiclePositions: { kind: 'file', path: fixture('miway-vehicle-positions-cut.pb') }, dataDir: dir.path, now: fixedClock(1761519032000), logger: capturingLogger().logger });
  await source.refreshSchedule();
  console.log(JSON.stringify(await source.routeLine!('61', '0477')));
  const core = createBotCore({ transit: source, ...memoryStores(), now: fixedClock(1761519032000), drawPng: svgToPng() });
  for (const options of [{ route: '61', stop: '0477' }, { route: '1' }]) {
    const reply = await core.run({ name: 'line', options }, privateChat());
    if (reply.image) writeFileSync(`/tmp/line-${options.route}.png`, reply.image.png);
    console.log(renderPlainText(reply));
  }
  await source.close();
});
