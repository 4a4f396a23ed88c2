// A route line the test moves by hand, for the 🔴 Live pictures' tests: route 95 at stop 3017 (the
// fourth of six stops), one bus `at` stops from the first, `minutes` from the rider. With a drawPng
// that counts its pictures (resvg's, the real one), so a test can see that an unchanged line is
// not rasterised again.
import type { RouteLine } from '../../src/domain/route-line.js';
import type { SvgToPng } from '../../src/domain/route-line.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { svgToPng } from '../../src/render/svg-to-png.js';
import { fakeTransit } from '../core/fakes.js';

export interface MovableLine {
  transit: TransitSource;
  /** Where the bus is now: `at` stops from the first, `minutes` from the rider's stop. */
  move(at: number, minutes: number): void;
  drawPng: SvgToPng;
  /** Pictures rasterised so far. */
  drawn(): number;
}

export function movableLine(): MovableLine {
  let bus = { at: 1, minutes: 6 };
  let pictures = 0;
  const draw = svgToPng();
  const line = (): RouteLine => ({
    routeNo: '95',
    stopNo: '3017',
    timeZone: 'America/Toronto',
    directions: [
      {
        directionId: 0,
        heading: 'Orléans',
        stops: ['Tunney’s Pasture', 'Bayview', 'Pimisi', 'Lyon', 'Parliament', 'Rideau'].map((name, i) => ({
          stopNo: i === 3 ? '3017' : String(3100 + i),
          name,
          ...(i === 3 ? { rider: true } : {}),
        })),
        vehicles: [{ at: bus.at, label: '4011', toRider: { minutesAway: bus.minutes, trust: 'tracked' } }],
      },
    ],
  });
  return {
    transit: { ...fakeTransit({}), routeLine: () => Promise.resolve(line()) },
    move: (at, minutes) => void (bus = { at, minutes }),
    drawPng: async (svg) => {
      pictures += 1;
      return draw(svg);
    },
    drawn: () => pictures,
  };
}
