import { describe, expect, it } from 'vitest';
import { callTrust, type CallContext } from '../../../../src/sources/gtfs/arrivals/call-trust.js';
import type { TripPrediction } from '../../../../src/sources/gtfs/realtime/feed.js';

// What a call's outcome tells a rider besides its time: the trip's own vehicle seen with a fresh
// fix (tracked), a prediction with no vehicle seen, or the schedule; and the gap to the schedule.

const NOW_S = 1_762_463_054;
const SCHEDULED_S = NOW_S + 10 * 60;
const run: TripPrediction = { tripId: 't1', relationship: 'SCHEDULED', timestamp: NOW_S - 30, firstUpdate: 0, updateCount: 1 };
const fixAgo = (seconds: number) => ({ lat: 44.6349, lon: -63.5763, fixAt: new Date((NOW_S - seconds) * 1000) });
const context = (extra: Partial<CallContext> = {}): CallContext => ({
  scheduledS: SCHEDULED_S,
  run,
  position: undefined,
  nowS: NOW_S,
  exactTimes: true,
  ...extra,
});

describe('callTrust', () => {
  it('a prediction 3 min behind the schedule: 180 s late; 2 min ahead: -120 s', () => {
    expect(callTrust({ kind: 'predicted', atSeconds: SCHEDULED_S + 180 }, context())).toEqual({
      atSeconds: SCHEDULED_S + 180,
      trip: { trust: 'predicted', gpsAgeMinutes: 0.5, delaySeconds: 180 },
    });
    expect(callTrust({ kind: 'predicted', atSeconds: SCHEDULED_S - 120 }, context()).trip.delaySeconds).toBe(-120);
  });

  it('tracked only while the trip’s own vehicle has a fix under 3 minutes old; an old or future-stamped one is no vehicle seen', () => {
    const predicted = { kind: 'predicted' as const, atSeconds: SCHEDULED_S };
    expect(callTrust(predicted, context({ position: fixAgo(20) })).trip.trust).toBe('tracked');
    expect(callTrust(predicted, context({ position: fixAgo(180) })).trip.trust).toBe('tracked');
    expect(callTrust(predicted, context({ position: fixAgo(181) })).trip.trust).toBe('predicted');
    expect(callTrust(predicted, context({ position: fixAgo(-600) })).trip.trust).toBe('predicted');
    expect(callTrust(predicted, context()).trip.trust).toBe('predicted');
  });

  it('no deviation from a frequency trip’s nominal times', () => {
    expect(callTrust({ kind: 'predicted', atSeconds: SCHEDULED_S + 180 }, context({ exactTimes: false })).trip).not.toHaveProperty('delaySeconds');
  });

  it('the schedule, a cancellation and a skipped stop keep the scheduled time, trusted as the schedule, and say nothing of a deviation', () => {
    const position = fixAgo(10);
    expect(callTrust({ kind: 'scheduled' }, context({ position }))).toEqual({ atSeconds: SCHEDULED_S, trip: { trust: 'scheduled' } });
    expect(callTrust({ kind: 'cancelled' }, context())).toEqual({ atSeconds: SCHEDULED_S, trip: { trust: 'scheduled', cancelled: true } });
    expect(callTrust({ kind: 'skipped' }, context({ position }))).toEqual({ atSeconds: SCHEDULED_S, trip: { trust: 'scheduled', skipped: true } });
  });
});
