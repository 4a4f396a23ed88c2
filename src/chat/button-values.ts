import { formatDays, readDays, type ArgKind } from '../core/index.js';
import { ALL_DAYS } from '../domain/local-minute.js';

// A button's checked options in fewer characters, for the platforms whose button data is short
// (Telegram's 64 bytes, Discord's 100 characters): times and windows without their colons
// ("0730", "0700-0900"), a list of days as its bits ("42" for mon,wed,fri). Read back, they are the
// words riders type; a value sent before (or never compacted) reads back as it is.

/** A checked option in fewer characters, by what it holds; anything else as it is. */
export function compact(kind: ArgKind, value: string): string {
  if (kind === 'time' || kind === 'window') return /^[0-9]{2}:[0-9]{2}(-[0-9]{2}:[0-9]{2})?$/.test(value) ? value.replaceAll(':', '') : value;
  if (kind === 'days') {
    const days = readDays(value);
    const words = days.ok ? formatDays(days.days) : value;
    // "weekdays" stays a word; "mon,wed,fri" travels as the days' bits, "42" (at most 3 bytes).
    return days.ok && words.includes(',') ? String(days.days.reduce<number>((bits, day) => bits | (1 << day), 0)) : words;
  }
  // A typed way ("Orléans") is read with accents and case aside: it travels without them, its spaces as '_'.
  // A later time ("2026-11-28 07:43") travels as "2026-11-28_0743".
  if (kind === 'when') return value.replace(/(^| )([0-9]{2}):([0-9]{2})$/, '$1$2$3').replaceAll(' ', '_');
  if (kind === 'way') return value.normalize('NFD').replace(/\p{M}/gu, '').replaceAll(' ', '_');
  return value;
}

/** The compact form read back as the words riders type ("0730" -> "07:30", "42" -> "mon,wed,fri"). */
export function expand(kind: ArgKind, value: string): string {
  const hhmm = (digits: string) => `${digits.slice(0, 2)}:${digits.slice(2)}`;
  if (kind === 'time' && /^[0-9]{4}$/.test(value)) return hhmm(value);
  if (kind === 'window' && /^[0-9]{4}-[0-9]{4}$/.test(value)) return `${hhmm(value.slice(0, 4))}-${hhmm(value.slice(5))}`;
  if (kind === 'days' && /^[0-9]{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 127)
    return formatDays(ALL_DAYS.filter((day) => (Number(value) & (1 << day)) !== 0));
  if (kind === 'way') return value.replaceAll('_', ' ');
  if (kind === 'when') return value.replaceAll('_', ' ').replace(/(^| )([0-9]{2})([0-9]{2})$/, '$1$2:$3');
  return value;
}
