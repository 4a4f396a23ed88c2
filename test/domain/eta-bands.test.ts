import { describe, expect, it } from 'vitest';
import { bandOf, scorePrediction } from '../../src/domain/eta-bands.js';

// Transit's ETA Accuracy Benchmark bands and Cal-ITP's bus catch, at the edges of each band.

describe('prediction scoring', () => {
  it('puts a prediction in the band of its lead, none past 15 minutes or before now', () => {
    expect([0, 179, 180, 359, 360, 599, 600, 899].map((lead) => bandOf(lead)?.fromMinutes)).toEqual([0, 0, 3, 3, 6, 6, 10, 10]);
    expect(bandOf(900)).toBeUndefined();
    expect(bandOf(-1)).toBeUndefined();
    expect(bandOf(Number.NaN)).toBeUndefined();
  });

  it('is accurate within the band, and caught unless the bus came earlier than the band allows', () => {
    expect(scorePrediction(60, -30)).toMatchObject({ accurate: true, caught: true });
    expect(scorePrediction(60, -31)).toMatchObject({ accurate: false, caught: false });
    expect(scorePrediction(60, 90)).toMatchObject({ accurate: true, caught: true });
    // A bus later than the band is a bad prediction, but the rider who trusted it still boards.
    expect(scorePrediction(60, 91)).toMatchObject({ accurate: false, caught: true });
    expect(scorePrediction(12 * 60, -90)).toMatchObject({ accurate: true, caught: true });
    expect(scorePrediction(12 * 60, 271)).toMatchObject({ accurate: false, caught: true });
    expect(scorePrediction(16 * 60, 0)).toBeUndefined();
  });
});
