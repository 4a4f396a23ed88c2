import type { UpcomingTrip } from '../arrivals/upcoming.js';
import type { StopAnswer } from '../ops/stop-answers.js';
import type { RouteDirection } from '../network.js';
import { dotNetJson, numberIfNumeric, oneOrMany } from './dotnet-json.js';
import { tripFields } from './trip-fields.js';

// The JSON shapes of the captures: a single Route / RouteDirection / Trip is a bare object;
// AllRoutes gives Trips as the list itself ([] when none), GetNextTripsForStop as {"Trip": ...}.

export function stopAnswerJson(answer: StopAnswer): string {
  switch (answer.kind) {
    case 'error':
      return dotNetJson({ [`${answer.result}Result`]: { Error: String(answer.code) } });
    case 'summary':
      return dotNetJson({
        GetRouteSummaryForStopResult: {
          StopNo: answer.stop.code,
          StopDescription: answer.stop.description,
          Error: '',
          Routes: { Route: oneOrMany(answer.routes.map(routeHead)) },
        },
      });
    case 'all-routes':
      return dotNetJson({
        GetRouteSummaryForStopResult: {
          StopNo: answer.stop.code,
          StopDescription: answer.stop.description,
          Error: '',
          Routes: {
            Route: oneOrMany(answer.routes.map(({ route, trips }) => ({ ...routeHead(route), Trips: oneOrMany(trips.map(tripFields)) }))),
          },
        },
      });
    case 'next-trips':
      return dotNetJson({
        GetNextTripsForStopResult: {
          StopNo: answer.stop.code,
          StopLabel: answer.stop.description,
          Error: '',
          Route: {
            RouteDirection: oneOrMany(
              answer.directions.map((direction) => ({
                RouteNo: numberIfNumeric(direction.routeNo),
                RouteLabel: direction.label,
                Direction: direction.direction,
                Error: direction.error === undefined ? '' : String(direction.error),
                RequestProcessingTime: answer.processedAt,
                Trips: wrappedTrips(direction.trips),
              })),
            ),
          },
        },
      });
  }
}

function routeHead(route: RouteDirection) {
  return {
    RouteNo: numberIfNumeric(route.routeNo),
    DirectionID: route.directionId,
    Direction: route.direction,
    RouteHeading: route.heading,
  };
}

/** No capture shows an empty next-trips list; [] is the empty form the AllRoutes capture uses. */
function wrappedTrips(trips: UpcomingTrip[]) {
  return trips.length === 0 ? [] : { Trip: oneOrMany(trips.map(tripFields)) };
}
