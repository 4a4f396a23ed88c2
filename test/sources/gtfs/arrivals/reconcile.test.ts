import { describe, expect, it } from 'vitest';
import type { StopUpdate } from '../../../../src/sources/gtfs/realtime/feed.js';
import { reconcileUpdates } from '../../../../src/sources/gtfs/arrivals/reconcile.js';
import type { TripStop } from '../../../../src/sources/gtfs/static/timetable.js';

// The schedule's trip A(1) B(2) C(3) D(4), and a loop that passes A twice.

const trip = (...ids: string[]): TripStop[] => ids.map((stopId, i) => ({ stopId, stopSequence: i + 1, arrival: i * 60, departure: i * 60 }));
const update = (stopSequence: number | undefined, stopId: string | undefined): StopUpdate => ({
  stopSequence,
  stopId,
  arrival: { time: 1000, delay: undefined },
  relationship: 'SCHEDULED',
});

describe('reconcileUpdates', () => {
  it('keeps updates whose stop_sequence and stop_id agree with the schedule, and those that give only one of them', () => {
    const updates = [update(2, 'B'), update(3, undefined), update(undefined, 'D')];
    expect(reconcileUpdates(updates, trip('A', 'B', 'C', 'D'))).toEqual({ kind: 'agree', updates });
  });

  it('places by stop_id an update whose stop_sequence names another stop, when the stop is in the trip once', () => {
    // A feed built against a schedule with a stop inserted before C: C came as 4, D as 5.
    const updates = [update(2, 'B'), update(4, 'C'), update(5, 'D')];
    expect(reconcileUpdates(updates, trip('A', 'B', 'C', 'D'))).toEqual({
      kind: 'matched-by-stop-id',
      updates: [update(2, 'B'), update(3, 'C'), update(4, 'D')],
    });
  });

  it('leaves out a stop the schedule lacks when the numbering moved on past it, and places the rest by stop_id (Halifax)', () => {
    // The feed's schedule inserted X at 3: the schedule's C (3) comes as 4, D as 5.
    const updates = [update(2, 'B'), update(3, 'X'), update(4, 'C'), update(5, 'D')];
    expect(reconcileUpdates(updates, trip('A', 'B', 'C', 'D'))).toEqual({
      kind: 'matched-by-stop-id',
      updates: [update(2, 'B'), update(3, 'C'), update(4, 'D')],
    });
  });

  it('drops the trip’s updates when the disagreeing stop is not in the trip, or is in it twice', () => {
    // X stands in for C (another platform): C is nowhere later in the feed.
    expect(reconcileUpdates([update(2, 'B'), update(3, 'X')], trip('A', 'B', 'C', 'D'))).toEqual({ kind: 'dropped' });
    expect(reconcileUpdates([update(2, 'A')], trip('A', 'B', 'C', 'A'))).toEqual({ kind: 'dropped' });
  });

  it('leaves updates alone when the trip’s stops are unknown', () => {
    const updates = [update(9, 'X')];
    expect(reconcileUpdates(updates, undefined)).toEqual({ kind: 'agree', updates });
  });
});
