import type { LineDirection } from '../../domain/route-line.js';

// /line as text, for the terminal (and any platform that shows no picture): one direction's stops
// as a strip, `●──●──🚌─●──◉ 3017`: ● a stop, ◉ the rider's, ⊗ one passed by, 🚌 a bus at its
// place between them. At most STRIP_COLUMNS wide: a long route's stops share columns (a bus and
// the rider's stop win over a plain stop).

export const STRIP_COLUMNS = 60;
const STOP = '●';
const RIDER = '◉';
const SKIPPED = '⊗';
const BUS = '🚌';
const TRACK = '─';

/** The column of a place along the line (stops from the first) on a strip of `columns`. */
export function stripColumn(at: number, stopCount: number, columns: number): number {
  return stopCount <= 1 ? 0 : Math.round((at / (stopCount - 1)) * (columns - 1));
}

/** The strip's width for a line of so many stops: three columns a stop, within STRIP_COLUMNS. */
export function stripColumns(stopCount: number): number {
  return Math.min(STRIP_COLUMNS, Math.max(1, (stopCount - 1) * 3 + 1));
}

export function lineStrip(direction: LineDirection, riderStop: string | undefined): string {
  const n = direction.stops.length;
  const columns = stripColumns(n);
  const cells: string[] = Array.from({ length: columns }, () => TRACK);
  direction.stops.forEach((stop, i) => {
    const column = stripColumn(i, n, columns);
    if (cells[column] === TRACK || stop.skipped === true) cells[column] = stop.skipped === true ? SKIPPED : STOP;
  });
  const rider = direction.stops.findIndex((s) => s.rider === true);
  if (rider !== -1) cells[stripColumn(rider, n, columns)] = RIDER;
  for (const vehicle of direction.vehicles) cells[stripColumn(vehicle.at, n, columns)] = BUS;
  return riderStop === undefined ? cells.join('') : `${cells.join('')} ${riderStop}`;
}
