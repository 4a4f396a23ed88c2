import type { Options } from './spec.js';

/**
 * A /subscribe request as the words it is typed with, which subscribe-words.ts reads back to the
 * same options: "@channel 3017 95 07:30 mon,wed,fri", or "3017 95 when 5 07:00-09:00 weekdays" for
 * a "near" alert (its minutes and window make sense only after "when"), "to Orléans" last.
 */
export function subscribeOptionsToWords(options: Options): string[] {
  const { target, stop, route, time, days, when, window, direction } = options;
  const some = (...words: Array<string | undefined>) => words.filter((word): word is string => word !== undefined);
  const near = when !== undefined || window !== undefined;
  // Without minutes, the default the schedule reads (5) is said: "when" must be followed by a number.
  // The direction last: its words run to the end ("to Mer Bleue" is not a Wednesday).
  const way = direction !== undefined ? ['to', direction] : [];
  return near ? [...some(target, stop, route, 'when', when ?? '5', window, days), ...way] : [...some(target, stop, route, time, days), ...way];
}
