import type { ReliabilityReading } from '../../domain/accuracy.js';
import type { Reply } from '../../domain/reply.js';
import type { Say } from './text.js';

// /reliability in plain words: over the last days, how often the feed's live times for a route (at
// a stop) came true within Transit's margins, how often a rider following them caught the bus, and
// the trips the feed cancelled or lost; riders' own reports beside them. Honest about no data yet,
// a feed with no live predictions, and a source that keeps no figures.

/** Fewer predictions checked than this read as a first hint, said so. */
const FEW = 20;

const percent = (part: number, whole: number) => Math.round((100 * part) / whole);

export function formatReliability(reading: ReliabilityReading, reports: number | undefined, say: Say): Reply {
  if (reading.status === 'no-realtime') return answer([say('reliability-no-realtime')]);
  if (reading.status === 'not-recorded') return answer([say('reliability-not-recorded')]);
  const { tally, days, route, stop } = reading;
  const lines = [stop === undefined ? say('reliability-heading', { days, route }) : say('reliability-heading-at', { days, route, stop })];
  if (tally.scored === 0) lines.push(say('reliability-none-yet'));
  else {
    lines.push(
      say('reliability-predictions', {
        scored: tally.scored,
        accurate: percent(tally.accurate, tally.scored),
        caught: percent(tally.caught, tally.scored),
      }),
    );
    if (tally.scored < FEW) lines.push(say('reliability-few'));
  }
  lines.push(
    say(stop === undefined ? 'reliability-trips' : 'reliability-trips-route', { cancelled: tally.cancelled, vanished: tally.vanished, route }),
  );
  if (reports !== undefined && reports > 0) lines.push(say('reliability-reports', { count: reports }));
  return answer(lines);
}

const answer = (lines: string[]): Reply => ({ kind: 'answer', blocks: [{ lines }] });
