import type { TripTrust } from '../../domain/arrivals.js';
import type { LineDirection, LineVehicle } from '../../domain/route-line.js';
import { escapeMarkup } from '../../util/escape.js';
import { shorten } from './text.js';

// /line's picture as SVG, a pure function of the line and the words: per direction a panel with
// its heading, the stops as dots along one straight line (the rider's stop ringed, a skipped stop
// crossed), names where they fit (slanted below the line), and above it every bus at its place,
// each labelled with its minutes to the rider's stop and a late/early gap. How far a time can be
// trusted is the bus's look (solid: seen; hollow: predicted with no vehicle seen; grey: the
// schedule), told by the legend: the font has no emoji. Sized to be read on a phone: 1000 px wide
// (Telegram keeps up to 1280), text of 17 px (the legend) to 26 px (the headings). src/render/ rasterises it.

export const PICTURE_WIDTH = 1000;
/** Left of the first stop; right of the last, room for its slanted name. */
export const MARGIN_LEFT = 50;
export const MARGIN_RIGHT = 150;
/** One direction's panel: heading, buses, the line, the names slanted below it. */
export const PANEL_HEIGHT = 410;
export const LEGEND_HEIGHT = 56;
/** Where the line runs and the buses sit, from the panel's top. */
export const LINE_Y = 196;
export const BUS_Y = 156;
export const BUS_RADIUS = 13;
export const FONT_SIZES = { heading: 26, minutes: 22, name: 20, legend: 17 } as const;
/** Names are shown only where the stops are this far apart (the slanted text's line height). */
const NAME_PITCH = 24;
const MAX_NAME_CHARS = 20;
const NAME_ANGLE = 60;

export const COLOURS = {
  line: '#1f5fa8',
  stop: '#1f5fa8',
  rider: '#e07a00',
  skipped: '#b00020',
  tracked: '#c8102e',
  predicted: '#7b3fa0',
  estimated: '#00796b',
  scheduled: '#8a8a8a',
  text: '#1a1a1a',
  background: '#ffffff',
} as const;

export interface PictureWords {
  /** The route's number and where each direction goes ("Blair"), in order: drawn as a badge, an arrow and the words. */
  headings: ReadonlyArray<{ routeNo: string; heading: string }>;
  /** "4 min" for a vehicle's minutes to the rider's stop. */
  minutes(vehicle: LineVehicle): string | undefined;
  /** "+3" / "−2": its gap to the schedule, when known and not nil. */
  gap(vehicle: LineVehicle): string | undefined;
  /** The legend at the foot: what each look means (only the looks the picture shows are listed). */
  legend: { tracked: string; predicted: string; estimated: string; scheduled: string; rider: string; skipped: string };
  /** Said in a panel with no vehicle on it. */
  noVehicles: string;
}

/** x of a place along the line, in stops from the first (2.5: halfway from the third to the fourth). */
export function stripX(at: number, stopCount: number): number {
  if (stopCount <= 1) return PICTURE_WIDTH / 2;
  return MARGIN_LEFT + (at / (stopCount - 1)) * (PICTURE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT);
}

export function pictureHeight(directions: number): number {
  return directions * PANEL_HEIGHT + LEGEND_HEIGHT;
}

/**
 * The colour a bus is drawn in, by what its time rests on (no time at the rider's stop: tracked,
 * it is seen); paler once it is beyond the rider's stop (the colour at 45% over the white).
 */
export function busColour(trust: TripTrust | undefined, passed = false): string {
  const colour = COLOURS[trust ?? 'tracked'];
  if (!passed) return colour;
  const pale = [1, 3, 5].map((i) => Math.round(255 - 0.45 * (255 - parseInt(colour.slice(i, i + 2), 16))));
  return `#${pale.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const text = (s: string) => escapeMarkup(s);

export function lineSvg(directions: readonly LineDirection[], words: PictureWords): string {
  const height = pictureHeight(directions.length);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${height}" viewBox="0 0 ${PICTURE_WIDTH} ${height}" font-family="Noto Sans">`,
    `<rect width="100%" height="100%" fill="${COLOURS.background}"/>`,
  ];
  directions.forEach((direction, i) => parts.push(panel(direction, i * PANEL_HEIGHT, words.headings[i] ?? { routeNo: '', heading: '' }, words)));
  const legendY = directions.length * PANEL_HEIGHT + LEGEND_HEIGHT / 2 + FONT_SIZES.legend / 3;
  parts.push(legend(legendY, words.legend, shownLooks(directions)));
  parts.push('</svg>');
  return parts.join('');
}

/** The route's number in a badge, an arrow (the font has none), then where it goes. */
function headingOf({ routeNo, heading }: { routeNo: string; heading: string }, top: number): string {
  const size = FONT_SIZES.heading;
  const left = MARGIN_LEFT - 20;
  const badge = Math.max(2, [...routeNo].length) * size * 0.62 + 16;
  const baseline = top + 40;
  const arrowX = left + badge + 12;
  const mid = baseline - size * 0.35;
  return (
    `<rect x="${left}" y="${baseline - size - 2}" width="${f(badge)}" height="${size + 12}" rx="6" fill="${COLOURS.line}"/>` +
    `<text x="${f(left + badge / 2)}" y="${baseline}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="${COLOURS.background}">${text(routeNo)}</text>` +
    `<path d="M${f(arrowX)} ${f(mid)}H${f(arrowX + 22)}M${f(arrowX + 14)} ${f(mid - 8)}L${f(arrowX + 23)} ${f(mid)}L${f(arrowX + 14)} ${f(mid + 8)}" stroke="${COLOURS.text}" stroke-width="3" fill="none"/>` +
    `<text x="${f(arrowX + 34)}" y="${baseline}" font-size="${size}" font-weight="bold" fill="${COLOURS.text}">${text(heading)}</text>`
  );
}

function panel(direction: LineDirection, top: number, heading: { routeNo: string; heading: string }, words: PictureWords): string {
  const n = direction.stops.length;
  const x = (at: number) => stripX(at, n);
  const lineY = top + LINE_Y;
  const out: string[] = [
    headingOf(heading, top),
    `<line x1="${f(x(0))}" y1="${lineY}" x2="${f(x(Math.max(0, n - 1)))}" y2="${lineY}" stroke="${COLOURS.line}" stroke-width="6" stroke-linecap="round"/>`,
  ];
  const spacing = n > 1 ? (PICTURE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / (n - 1) : PICTURE_WIDTH;
  const named = namedStops(direction, spacing);
  direction.stops.forEach((stop, i) => {
    const cx = f(x(i));
    if (stop.skipped === true) {
      const d = 7;
      out.push(
        `<circle cx="${cx}" cy="${lineY}" r="8" fill="${COLOURS.background}" stroke="${COLOURS.skipped}" stroke-width="3"/>`,
        `<path d="M${f(x(i) - d)} ${lineY - d}L${f(x(i) + d)} ${lineY + d}M${f(x(i) - d)} ${lineY + d}L${f(x(i) + d)} ${lineY - d}" stroke="${COLOURS.skipped}" stroke-width="3"/>`,
      );
    } else if (stop.rider === true) {
      out.push(`<circle cx="${cx}" cy="${lineY}" r="13" fill="${COLOURS.background}" stroke="${COLOURS.rider}" stroke-width="6"/>`);
    } else {
      out.push(`<circle cx="${cx}" cy="${lineY}" r="6" fill="${COLOURS.background}" stroke="${COLOURS.stop}" stroke-width="3"/>`);
    }
    if (named.has(i)) {
      const weight = stop.rider === true ? ' font-weight="bold"' : '';
      const fill = stop.rider === true ? COLOURS.rider : stop.skipped === true ? COLOURS.skipped : COLOURS.text;
      out.push(
        `<text transform="translate(${f(x(i) - 4)} ${lineY + 24}) rotate(${NAME_ANGLE})" font-size="${FONT_SIZES.name}"${weight} fill="${fill}">${text(shorten(stop.name, MAX_NAME_CHARS))}</text>`,
      );
    }
  });
  if (direction.vehicles.length === 0) {
    out.push(
      `<text x="${PICTURE_WIDTH / 2}" y="${top + BUS_Y}" font-size="${FONT_SIZES.minutes}" text-anchor="middle" fill="${COLOURS.scheduled}">${text(words.noVehicles)}</text>`,
    );
  }
  for (const vehicle of direction.vehicles) out.push(bus(vehicle, x(vehicle.at), top));
  // Each label on the lowest of three rows where it overlaps none; one that fits nowhere is left to the words under the picture.
  const rowEnds = [-Infinity, -Infinity, -Infinity];
  for (const vehicle of direction.vehicles) {
    const minutes = words.minutes(vehicle);
    if (minutes === undefined) continue;
    const gap = words.gap(vehicle);
    const width = ([...minutes].length + (gap === undefined ? 0 : [...gap].length + 1)) * FONT_SIZES.minutes * 0.6;
    const left = Math.min(PICTURE_WIDTH - 8 - width, Math.max(8, x(vehicle.at) - width / 2));
    const row = rowEnds.findIndex((end) => end + 6 <= left);
    if (row === -1) continue;
    rowEnds[row] = left + width;
    const labelY = top + BUS_Y - BUS_RADIUS - 10 - row * 26;
    const gapPart = gap === undefined ? '' : `<tspan fill="${gap.startsWith('+') ? COLOURS.tracked : COLOURS.line}"> ${text(gap)}</tspan>`;
    out.push(
      `<text x="${f(left)}" y="${f(labelY)}" font-size="${FONT_SIZES.minutes}" font-weight="bold" fill="${COLOURS.text}">${text(minutes)}${gapPart}</text>`,
    );
  }
  return out.join('');
}

/** A bus: a disc above the line with a stem down to it; solid when seen, hollow when only predicted, grey on the schedule. */
function bus(vehicle: LineVehicle, bx: number, top: number): string {
  const trust = vehicle.toRider?.trust;
  const colour = busColour(trust, vehicle.passed === true);
  const cy = top + BUS_Y;
  const fill = trust === 'predicted' ? COLOURS.background : colour;
  const dash = trust === 'predicted' ? ' stroke-dasharray="5 3"' : '';
  return (
    `<g><line x1="${f(bx)}" y1="${cy + BUS_RADIUS}" x2="${f(bx)}" y2="${top + LINE_Y - 4}" stroke="${colour}" stroke-width="4"/>` +
    `<circle cx="${f(bx)}" cy="${cy}" r="${BUS_RADIUS}" fill="${fill}" stroke="${colour}" stroke-width="4"${dash}/></g>`
  );
}

/** The stops whose names fit: every k-th where they crowd, always the ends and the rider's, none crowding the rider's. */
function namedStops(direction: LineDirection, spacing: number): Set<number> {
  const n = direction.stops.length;
  const step = Math.max(1, Math.ceil(NAME_PITCH / spacing));
  const rider = direction.stops.findIndex((s) => s.rider === true);
  const named = new Set<number>();
  for (let i = 0; i < n; i += step) named.add(i);
  named.add(n - 1);
  if (rider !== -1) {
    // Its name is bold, and its ring wider: neighbours keep a little more room.
    const room = Math.max(step, Math.ceil((1.5 * NAME_PITCH) / spacing));
    for (let i = rider - room + 1; i < rider + room; i += 1) named.delete(i);
    named.add(rider);
  }
  // The last stop's name wins over a neighbour that would crowd it.
  for (let i = n - step; i < n - 1; i += 1) if (i !== rider) named.delete(i);
  return named;
}

type Look = keyof PictureWords['legend'];

/** The looks the picture shows: each bus's trust (a bus with no time at the rider's stop is drawn as seen), the rider's stop, skipped stops. */
function shownLooks(directions: readonly LineDirection[]): Set<Look> {
  const looks = new Set<Look>();
  for (const direction of directions) {
    for (const vehicle of direction.vehicles) looks.add(vehicle.toRider?.trust ?? 'tracked');
    if (direction.stops.some((s) => s.rider === true)) looks.add('rider');
    if (direction.stops.some((s) => s.skipped === true)) looks.add('skipped');
  }
  return looks;
}

/** Each look shown with its words, in a row: the shapes drawn, the words beside them (about 9.4 px a character at 17 px). */
function legend(y: number, words: PictureWords['legend'], shown: ReadonlySet<Look>): string {
  const size = FONT_SIZES.legend;
  const cy = y - size / 3;
  const all: Array<[Look, string]> = [
    ['tracked', `fill="${COLOURS.tracked}" stroke="${COLOURS.tracked}"`],
    ['predicted', `fill="${COLOURS.background}" stroke="${COLOURS.predicted}" stroke-dasharray="4 2"`],
    ['estimated', `fill="${COLOURS.estimated}" stroke="${COLOURS.estimated}"`],
    ['scheduled', `fill="${COLOURS.scheduled}" stroke="${COLOURS.scheduled}"`],
    ['rider', `fill="${COLOURS.background}" stroke="${COLOURS.rider}"`],
    ['skipped', `fill="${COLOURS.background}" stroke="${COLOURS.skipped}"`],
  ];
  const items = all.filter(([look]) => shown.has(look)).map(([look, drawn]): [string, string] => [drawn, words[look]]);
  let x = MARGIN_LEFT - 20;
  const out: string[] = [];
  for (const [look, label] of items) {
    out.push(`<circle cx="${f(x + 8)}" cy="${f(cy)}" r="8" stroke-width="3" ${look}/>`);
    out.push(`<text x="${f(x + 22)}" y="${f(y)}" font-size="${size}" fill="${COLOURS.text}">${text(label)}</text>`);
    x += 22 + label.length * size * 0.55 + 22;
  }
  return out.join('');
}
