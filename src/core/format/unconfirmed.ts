import type { UnconfirmedStop } from '../../domain/arrivals.js';
import type { Say } from './text.js';

// Beside an answer from one agency, the agencies that may also have the code the rider typed but
// could not be asked (their schedule loading or missing, or down): a rider of theirs is not handed
// another network's stop without a word.

const WHY = new Set(['loading', 'no-schedule']);

/** One line per agency that could not say, naming the stop this answer is for ("Auckland Transport 1456"). */
export function unconfirmedLines(unconfirmed: readonly UnconfirmedStop[] | undefined, stopNo: string, say: Say): string[] {
  return (unconfirmed ?? []).map((u) => say('stop-unconfirmed', { network: u.agency, code: u.code, why: WHY.has(u.why) ? u.why : 'other', stopNo }));
}
