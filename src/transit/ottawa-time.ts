// RequestProcessingTime is Ottawa wall-clock time ("yyyyMMddHHmmss") with no offset. Ottawa follows
// America/Toronto (EST -5 / EDT -4); we ask Intl for the offset rather than hard-coding one, so DST
// dates come out right.

const ZONE = 'America/Toronto';
const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

let formatter: Intl.DateTimeFormat | undefined;

function zoneFormatter(): Intl.DateTimeFormat {
  // Building a DateTimeFormat is costly; one instance serves every call.
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return formatter;
}

/** Offset of Ottawa local time from UTC at `instant`, in ms (e.g. -5 h in winter). */
function ottawaOffsetMs(instant: number): number {
  const fields: Record<string, number> = {};
  for (const part of zoneFormatter().formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(fields.year ?? 0, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0);
  return asUtc - (instant - (instant % 1000));
}

/**
 * Ottawa local "yyyyMMddHHmmss" -> instant. In the autumn's repeated hour the earlier (EDT)
 * reading wins; a time inside the spring gap is read with the offset from before the change.
 * Returns undefined for anything that is not a real calendar time.
 */
export function parseOttawaTimestamp(stamp: string): Date | undefined {
  const m = STAMP.exec(stamp);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
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
