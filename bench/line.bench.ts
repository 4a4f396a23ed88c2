// /line's picture: `npm run bench line`. A route direction of 60 stops with 12 buses on it (and
// both directions, 120 stops and 24 buses, the picture /line draws when no direction is picked):
// drawing the SVG (the core's pure function), rasterising it to PNG (resvg, on libuv's pool, the
// bundled Noto Sans), the PNG's bytes and size, and how long the event loop is held meanwhile.
// Medians over rounds; the machine is shared.
import { performance } from 'node:perf_hooks';
import type { LineDirection } from '../src/domain/route-line.js';
import { lineSvg, pictureHeight, PICTURE_WIDTH, FONT_SIZES, type PictureWords } from '../src/core/format/line-picture.js';
import { svgToPng } from '../src/render/svg-to-png.js';
import { underWatch } from './lib/event-loop.js';

const STOPS = 60;
const BUSES = 12;
const ROUNDS = 20;
const NAMES = ['Laurier', 'Rideau Centre', 'Tunney’s Pasture', 'Hurdman', 'Blair', 'Bayview', 'Lees', 'St-Laurent', 'Cyrville', 'Pimisi'];
const TRUSTS = ['tracked', 'tracked', 'predicted', 'scheduled'] as const;

function direction(id: number): LineDirection {
  return {
    directionId: id,
    heading: id === 0 ? 'Blair' : 'Tunney’s Pasture',
    stops: Array.from({ length: STOPS }, (_, i) => ({
      stopNo: String(3000 + i),
      name: `${NAMES[i % NAMES.length]} / Rue ${i}`,
      ...(i === 42 ? { rider: true } : {}),
      ...(i === 17 ? { skipped: true } : {}),
    })),
    vehicles: Array.from({ length: BUSES }, (_, i) => ({
      at: (i * (STOPS - 1)) / BUSES + 0.4,
      label: String(4000 + i),
      toRider: { minutesAway: Math.max(0, 40 - i * 3), trust: TRUSTS[i % TRUSTS.length]!, delaySeconds: (i % 5) * 60 - 120 },
    })),
  };
}

const words: PictureWords = {
  headings: [
    { routeNo: '95', heading: 'Blair' },
    { routeNo: '95', heading: 'Tunney’s Pasture' },
  ],
  minutes: (v) => (v.toRider === undefined ? undefined : `${v.toRider.minutesAway} min`),
  gap: (v) => {
    const m = Math.round((v.toRider?.delaySeconds ?? 0) / 60);
    return m === 0 ? undefined : m > 0 ? `+${m}` : `−${-m}`;
  },
  legend: {
    tracked: 'bus seen',
    predicted: 'predicted, not seen',
    estimated: 'estimated from its position',
    scheduled: 'schedule only',
    rider: 'your stop',
    skipped: 'skipped',
  },
  noVehicles: 'No bus on the line now',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const draw = svgToPng();
await draw(lineSvg([direction(0)], words)); // fonts and code warmed

for (const directions of [[direction(0)], [direction(0), direction(1)]]) {
  const svgTimes: number[] = [];
  const pngTimes: number[] = [];
  let svg = '';
  let png: Uint8Array = new Uint8Array();
  const { loop } = await underWatch(async () => {
    for (let round = 0; round < ROUNDS; round++) {
      let t = performance.now();
      svg = lineSvg(directions, words);
      svgTimes.push(performance.now() - t);
      t = performance.now();
      png = await draw(svg);
      pngTimes.push(performance.now() - t);
    }
  });
  const stops = directions.length * STOPS;
  const buses = directions.length * BUSES;
  console.log(
    `${directions.length} direction(s), ${stops} stops, ${buses} buses: SVG ${median(svgTimes).toFixed(2)} ms (${(svg.length / 1024).toFixed(1)} KiB), ` +
      `PNG ${median(pngTimes).toFixed(1)} ms (median of ${ROUNDS}), ${(png.length / 1024).toFixed(1)} KiB, ${PICTURE_WIDTH}x${pictureHeight(directions.length)} px; ` +
      `event loop: longest delay ${loop.max.toFixed(1)} ms (p99 ${loop.p99.toFixed(1)} ms), this process's CPU in the longest gap ${loop.cpuInLongest.toFixed(1)} ms`,
  );
}
console.log(
  `text sizes: headings ${FONT_SIZES.heading} px, minutes ${FONT_SIZES.minutes} px, stop names ${FONT_SIZES.name} px, legend ${FONT_SIZES.legend} px`,
);
