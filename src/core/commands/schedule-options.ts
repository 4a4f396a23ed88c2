import type { AlertSchedule } from '../../domain/alert-kinds/index.js';
import { formatMinute, type Weekday } from '../../domain/local-minute.js';
import { readClockTime, readDays, readWindow } from './schedule-words.js';
import { CANONICAL_DAY_WORDS } from '../languages/typed-words.js';
import { usage, type Reading } from '../command-request.js';
import type { Options } from './spec.js';

/** Days in the canonical words a button or a stored request carries: daily, weekdays, weekends, or mon,wed,fri. */
export function formatDays(days: readonly Weekday[]): string {
  const key = [...days].sort((a, b) => a - b).join('');
  if (key === '0123456') return 'daily';
  if (key === '12345') return 'weekdays';
  if (key === '06') return 'weekends';
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => CANONICAL_DAY_WORDS[d])
    .join(',');
}

export function formatWindow(from: number, until?: number): string {
  return until === undefined ? formatMinute(from) : `${formatMinute(from)}-${formatMinute(until)}`;
}

/**
 * Checked /subscribe options -> the schedule: a time (and days), or "when N min" with a window
 * (and days) for one route. The options were read one by one already; this checks them together.
 */
export function scheduleFrom(options: Options, example: string): Reading<AlertSchedule> {
  const days = readDays(options.days ?? 'daily');
  if (!days.ok) return usage('usage-days-bad', { day: days.unknown });
  if (options.when !== undefined || options.window !== undefined) {
    if (options.route === undefined) return usage('usage-near-route-missing');
    const window = readWindow(options.window ?? '');
    if (!window.ok) return usage('usage-window-missing');
    return { ok: true, value: { kind: 'near', withinMinutes: Number(options.when ?? '5'), from: window.from, until: window.until, days: days.days } };
  }
  if (options.direction !== undefined) return usage('usage-direction-needs-when');
  const minute = readClockTime(options.time ?? '');
  return minute === undefined ? usage('usage-time-missing', { example }) : { ok: true, value: { kind: 'at', minute, days: days.days } };
}
