import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { lineStrip, STRIP_COLUMNS } from '../../src/core/format/line-strip.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import type { LineDirection, RouteLine } from '../../src/domain/route-line.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { clock, fakeTransit, memoryStores, privateChat } from './fakes.js';

// /line in the core: the terminal's text strip (each stop a ●, the rider's ◉, a skipped one ⊗, a
// bus 🚌 at its place between them, three columns a stop within 60), the words under each
// direction, the picture asked of drawPng only where one is given, and a source that cannot draw
// a route (v1.2) said so.

const stops = (n: number, rider?: number, skipped?: number) =>
  Array.from({ length: n }, (_, i) => ({
    stopNo: String(3000 + i),
    name: `Stop ${i}`,
    ...(i === rider ? { rider: true } : {}),
    ...(i === skipped ? { skipped: true } : {}),
  }));

describe('the terminal strip', () => {
  it('puts each stop three columns apart, the bus at its place between them, the rider’s stop named', () => {
    const direction: LineDirection = { heading: 'Blair', stops: stops(5, 4, 2), vehicles: [{ at: 1.5 }] };
    expect(lineStrip(direction, '3017')).toBe('●──●─🚌⊗──●──◉ 3017');
    expect(lineStrip({ ...direction, vehicles: [{ at: 0 }, { at: 4 }] }, undefined)).toBe('🚌──●──⊗──●──🚌');
  });

  it('keeps a long route within 60 columns, the ends and the rider’s stop where they are', () => {
    const direction: LineDirection = { heading: 'Blair', stops: stops(80, 40), vehicles: [{ at: 79 }] };
    const strip = [...lineStrip(direction, undefined)];
    expect(strip).toHaveLength(STRIP_COLUMNS);
    expect(strip[0]).toBe('●');
    expect(strip.at(-1)).toBe('🚌');
    expect(strip.indexOf('◉')).toBe(Math.round((40 / 79) * (STRIP_COLUMNS - 1)));
  });
});

const LINE: RouteLine = {
  routeNo: '95',
  stopNo: '3017',
  timeZone: 'America/Toronto',
  directions: [
    {
      directionId: 0,
      heading: '95 Orléans',
      stops: stops(5, 3),
      vehicles: [
        { at: 1.5, label: '4011', toRider: { minutesAway: 4, trust: 'tracked', delaySeconds: 180 } },
        { at: 4, label: '4012', passed: true },
      ],
    },
    { directionId: 1, heading: 'Barrhaven Centre', stops: stops(4, 1), vehicles: [] },
  ],
};

function transitWithLine(line: RouteLine | TransitError) {
  const transit = fakeTransit({});
  const asked: Array<[string, string | undefined]> = [];
  return {
    asked,
    transit: {
      ...transit,
      routeLine: (route: string, stop?: string) => {
        asked.push([route, stop]);
        return line instanceof TransitError ? Promise.reject(line) : Promise.resolve(line);
      },
    },
  };
}

describe('/line', () => {
  it('answers in text where no picture can be drawn: each direction its strip and its buses in the board’s words', async () => {
    const { transit, asked } = transitWithLine(LINE);
    const core = createBotCore({ transit, ...memoryStores(), now: clock });
    const reply = (await core.handleText('/line 3017 95', privateChat()))!;
    expect(asked).toEqual([['95', '3017']]);
    expect(reply.image).toBeUndefined();
    expect(renderPlainText(reply)).toBe(`🛤 Route 95

95 → Orléans
  ●──●─🚌●──◉──🚌 3017
  🚌 4 min 📡 · 3 min late · 2 stops away

95 → Barrhaven Centre
  ●──◉──●──● 3017
  No bus on this direction now

📡 bus tracked
Updated at 08:05

  [Refresh] /line 3017 95
  [🔴 Live] /linelive 3017 95
  [Arrivals] /next 3017 95
  [🛤 → Orléans] /line 3017 95
  [🛤 → Barrhaven Centre] /line 3017 95`);
  });

  it('asks drawPng for the picture where one is given, and keeps the words beside it', async () => {
    const { transit } = transitWithLine(LINE);
    const svgs: string[] = [];
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const core = createBotCore({ transit, ...memoryStores(), now: clock, drawPng: (svg) => (svgs.push(svg), Promise.resolve(png)) });
    const reply = await core.run({ name: 'line', options: { route: '95', stop: '3017', direction: '1' } }, privateChat());
    expect(svgs).toHaveLength(1);
    expect(svgs[0]).toContain('Barrhaven Centre');
    expect(svgs[0]).not.toContain('Orléans');
    expect(reply.image).toMatchObject({ png, fileName: 'line.png', alt: ['95 → Barrhaven Centre', '●──◉──●──● 3017'] });
    expect(reply.blocks.map((b) => b.heading)).toEqual(['95 → Barrhaven Centre']);
  });

  it('a picture that fails to draw leaves the words', async () => {
    const { transit } = transitWithLine(LINE);
    const core = createBotCore({ transit, ...memoryStores(), now: clock, drawPng: () => Promise.reject(new Error('no font')) });
    const reply = await core.run({ name: 'line', options: { route: '95' } }, privateChat());
    expect(reply.kind).toBe('answer');
    expect(reply.image).toBeUndefined();
    expect(reply.blocks[0]!.lines[0]).toBe('●──●─🚌●──◉──🚌 3017');
  });

  it('says a source that cannot draw routes cannot, and a route the source does not know is said so', async () => {
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });
    expect(renderPlainText((await core.handleText('/line 95', privateChat()))!)).toBe(
      "Route 95 cannot be drawn here: this source does not give a route's stops in order. /next shows its times.",
    );
    const { transit } = transitWithLine(new TransitError('unknown-route', 'no such route'));
    const unknown = await createBotCore({ transit, ...memoryStores(), now: clock }).handleText('/line 999', privateChat());
    expect(unknown!.kind).toBe('failure');
    expect(renderPlainText(unknown!)).toContain('999');
  });

  it('is typed in each language’s word, and refuses a direction that is not 0 or 1', async () => {
    const { transit, asked } = transitWithLine(LINE);
    const core = createBotCore({ transit, ...memoryStores(), now: clock });
    await core.handleText('/ligne 3017 95', privateChat({ languageCode: 'fr' }));
    await core.handleText('/linea 95', privateChat({ languageCode: 'es' }));
    expect(asked).toEqual([
      ['95', '3017'],
      ['95', undefined],
    ]);
    const refused = await core.run({ name: 'line', options: { route: '95', direction: '7' } }, privateChat());
    expect(refused.kind).toBe('usage-error');
  });
});
