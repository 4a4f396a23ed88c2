import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/domain/clock.js';
import type { TripPrediction } from '../../../../src/sources/gtfs/realtime/feed.js';
import { stopMismatchReport, type StopMismatchOutcome } from '../../../../src/sources/gtfs/realtime/stop-mismatches.js';
import { capturingLogger } from '../helpers.js';

const trip = (tripId: string): TripPrediction => ({ tripId, relationship: 'SCHEDULED', firstUpdate: 0, updateCount: 0 });

describe('stopMismatchReport', () => {
  it('counts each trip of a feed once, however many look-ups report it, and logs at most every ten minutes with the counts since the last line', () => {
    const now = fixedClock('2025-03-12T08:00:00Z');
    const { logger, lines } = capturingLogger();
    const counted: StopMismatchOutcome[] = [];
    const report = stopMismatchReport({ logger, now, feed: 'https://feed.example/tu', metrics: { count: (o) => void counted.push(o) } });
    const a = trip('A');
    const b = trip('B');
    for (let lookUp = 0; lookUp < 3; lookUp++) {
      report.report(a, 'matched-by-stop-id');
      report.report(b, 'prediction-dropped');
    }
    expect(counted).toEqual(['matched-by-stop-id', 'prediction-dropped']);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, matchedByStopId: 1, predictionsDropped: 0, trip: 'A' });

    // The next feed's trips are new objects: counted again.
    report.report(trip('A'), 'matched-by-stop-id');
    now.advance(10 * 60_000);
    report.report(trip('C'), 'prediction-dropped');
    expect(counted).toHaveLength(4);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ matchedByStopId: 1, predictionsDropped: 2, trip: 'C' });
  });
});
