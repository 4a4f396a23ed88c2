import type { Trip } from '../../../domain/arrivals.js';
import { readPosition, type VehiclePosition } from '../../../domain/vehicle-position.js';
import type { TripPrediction } from '../realtime/feed.js';
import type { VanishedCall } from '../realtime/vanished-trips.js';
import { ageMinutes } from './candidate.js';
import type { Estimate } from './estimate.js';
import type { Outcome } from './predict.js';

// What a call's outcome (predict.ts) tells a rider besides its time: how far to trust it (its
// vehicle seen with a fresh fix, a prediction with no vehicle seen, our estimate from its vehicle
// where the feed predicts nothing, the schedule alone), how far
// it is off the schedule, and whether the trip comes at all. The schedule's calls and DUPLICATED
// copies read it alike.

export interface CallTrust {
  /** POSIX seconds: the prediction, else the schedule's (a cancelled or skipping trip's included). */
  atSeconds: number;
  trip: Pick<Trip, 'trust' | 'gpsAgeMinutes' | 'delaySeconds' | 'cancelled' | 'skipped' | 'vanishedAt'>;
}

export interface CallContext {
  /** The call's scheduled time, POSIX seconds. */
  scheduledS: number;
  /** The trip's run in the trip updates, when the feed has it. */
  run: TripPrediction | undefined;
  /** The trip's vehicle, when VehiclePositions has it. */
  position: VehiclePosition | undefined;
  nowS: number;
  /** false for a frequency trip whose times are nominal (exact_times=0): no deviation is told from them. */
  exactTimes: boolean;
  /** The trip dropped out of the trip updates before its time at this stop (vanished-trips.ts). */
  vanished?: VanishedCall | undefined;
  /** Our own time from the trip's vehicle (estimate.ts), for a call the feed predicts nothing for. */
  estimate?: Estimate | undefined;
}

export function callTrust(outcome: Exclude<Outcome, { kind: 'deleted' }>, context: CallContext): CallTrust {
  const { scheduledS, run, position, nowS } = context;
  switch (outcome.kind) {
    case 'scheduled':
      // A vanished trip keeps the time last predicted, and says that nothing tracks it any more.
      if (context.vanished !== undefined)
        return { atSeconds: context.vanished.atSeconds, trip: { trust: 'scheduled', vanishedAt: context.vanished.vanishedAt } };
      // The feed says nothing of this call, but the trip's own bus is seen: our estimate from where it is.
      if (context.estimate !== undefined) {
        const { atSeconds, fixS } = context.estimate;
        return {
          atSeconds,
          trip: {
            trust: 'estimated',
            gpsAgeMinutes: ageMinutes(nowS, fixS),
            ...(context.exactTimes ? { delaySeconds: atSeconds - scheduledS } : {}),
          },
        };
      }
      return { atSeconds: scheduledS, trip: { trust: 'scheduled' } };
    case 'cancelled':
      return { atSeconds: scheduledS, trip: { trust: 'scheduled', cancelled: true } };
    case 'skipped':
      return { atSeconds: scheduledS, trip: { trust: 'scheduled', skipped: true } };
    case 'predicted': {
      const seen = readPosition(position, new Date(nowS * 1000)).kind === 'current';
      return {
        atSeconds: outcome.atSeconds,
        trip: {
          trust: seen ? 'tracked' : 'predicted',
          ...(run?.timestamp !== undefined ? { gpsAgeMinutes: ageMinutes(nowS, run.timestamp) } : {}),
          ...(context.exactTimes ? { delaySeconds: outcome.atSeconds - scheduledS } : {}),
        },
      };
    }
  }
}
