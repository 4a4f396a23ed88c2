// RequestProcessingTime is Ottawa wall-clock time ("yyyyMMddHHmmss") with no offset. Ottawa follows
// America/Toronto (EST -5 / EDT -4); we ask Intl for the offset rather than hard-coding one, so DST
// dates come out right.

import { zoneOffsetMs } from '../../domain/time-zone.js';

/** OC Transpo's clock: the API's timestamps and the times its riders read. */
export const OTTAWA_TIME_ZONE = 'America/Toronto';

const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** Offset of Ottawa local time from UTC at `instant`, in ms (e.g. -5 h in winter). */
function ottawaOffsetMs(instant: number): number {
  return zoneOffsetMs(instant, OTTAWA_TIME_ZONE);
}

/**
 * Ottawa local "yyyyMMddHHmmss" -> instant. In the autumn's repeated hour the earlier (EDT)
 * reading wins; a time inside the spring gap is read with the offset from before the change.
 * Returns undefined for anything that is not a real calendar time, or is before 1970.
 */
export function parseOttawaTimestamp(stamp: string): Date | undefined {
  const m = STAMP.exec(stamp);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  // Date.UTC (here and in the zone module) reads years 0-99 as 1900-1999, so "0050..." would
  // come out as 1950; no answer predates 1970, so earlier years are refused outright.
  if (year < 1970) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  // Try the offsets in force a few hours either side of the wall time; keep the candidates that
  // read back as the same wall time, and prefer the earliest instant.
  const offsets = new Set([ottawaOffsetMs(wall - 6 * 3_600_000), ottawaOffsetMs(wall + 6 * 3_600_000)]);
  let best: number | undefined;
  for (const offset of offsets) {
    const instant = wall - offset;
    if (ottawaOffsetMs(instant) === offset && (best === undefined || instant < best)) best = instant;
  }
  // No candidate: the wall time fell in the spring gap; read it with the winter (pre-change) offset.
  return new Date(best ?? wall - ottawaOffsetMs(wall - 6 * 3_600_000));
}
