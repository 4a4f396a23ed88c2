// Wall-clock readings and UTC offsets of an IANA time zone, through Intl: daylight saving time
// comes from the platform's time zone data rather than from rules of our own. Sources (reading
// offset-less timestamps), the simulator (writing them), alert schedules and the bot (showing
// "08:12") all rely on it.

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  // Building a DateTimeFormat is costly; one per zone serves every call.
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's calendar date and time of day at `instantMs` (milliseconds dropped). */
export function wallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at `instantMs`, in ms (negative west of Greenwich). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const w = wallClock(instantMs, timeZone);
  // The wall clock has whole seconds: compare it with the instant's whole second (floor, also
  // before 1970).
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instantMs / 1000) * 1000;
}
