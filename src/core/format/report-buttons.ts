import type { ButtonGroup } from '../../domain/reply.js';
import type { PassedTrip } from '../shown-trips.js';
import { clockTime } from './clock-time.js';
import type { Say } from './text.js';

/**
 * "👻 95 07:42 didn't come?" under a board, for each trip the chat was shown whose time has
 * passed: pressed, the rider's report is counted (the /ghost command). The button carries the
 * trip whole (stop, route, start, and its time as whole minutes since 1970) within Telegram's 64
 * bytes: "2:n:ghost:oc~3017:95:0742:29712345".
 */
export function reportButtons(stopNo: string, passed: readonly PassedTrip[], timeZone: string, say: Say): ButtonGroup {
  return passed.map((trip) => ({
    label: say('button-report-ghost', { routeNo: trip.route, time: clockTime(trip.due, timeZone) }),
    command: {
      name: 'ghost',
      options: { stop: stopNo, route: trip.route, trip: trip.trip.replace(':', ''), due: String(Math.floor(trip.due.getTime() / 60_000)) },
    },
    effect: 'notice',
  }));
}
