import type { UpcomingTrip } from '../arrivals/upcoming.js';
import type { ResultName, StopAnswer } from '../ops/stop-answers.js';
import type { RouteDirection } from '../network.js';
import { tripFields } from './trip-fields.js';
import { el, renderXml, type XmlElement } from './xml.js';

// The SOAP envelope of the captures: soap:Envelope/soap:Body/<Op>Response xmlns="http://octranspo.com"
// /<Op>Result, whose children each carry xmlns="http://tempuri.org/".

const SOAP_NAMESPACES = {
  'xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
  'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
};
const RESPONSE_NAMESPACE = { xmlns: 'http://octranspo.com' };
const RESULT_CHILD_NAMESPACE = { xmlns: 'http://tempuri.org/' };

export function stopAnswerXml(answer: StopAnswer): string {
  switch (answer.kind) {
    case 'error':
      return envelope(answer.result, [el('Error', String(answer.code))]);
    case 'summary':
      return envelope('GetRouteSummaryForStop', [
        el('StopNo', answer.stop.code),
        el('StopDescription', answer.stop.description),
        el('Error', ''),
        el(
          'Routes',
          answer.routes.map((route) => el('Route', routeHead(route))),
        ),
      ]);
    case 'all-routes':
      return envelope('GetRouteSummaryForStop', [
        el('StopNo', answer.stop.code),
        el('StopDescription', answer.stop.description),
        el('Error', ''),
        el(
          'Routes',
          answer.routes.map(({ route, trips }) => el('Route', [...routeHead(route), tripsXml(trips, 'empty-when-false')])),
        ),
      ]);
    case 'next-trips':
      return envelope('GetNextTripsForStop', [
        el('StopNo', answer.stop.code),
        el('StopLabel', answer.stop.description),
        el('Error', ''),
        el(
          'Route',
          answer.directions.map((direction) =>
            el('RouteDirection', [
              el('RouteNo', direction.routeNo),
              el('RouteLabel', direction.label),
              el('Direction', direction.direction),
              el('Error', direction.error === undefined ? '' : String(direction.error)),
              el('RequestProcessingTime', answer.processedAt),
              tripsXml(direction.trips, 'true-or-false'),
            ]),
          ),
        ),
      ]);
  }
}

function envelope(name: ResultName, children: XmlElement[]): string {
  const namespaced = children.map((child) => ({ ...child, attributes: { ...RESULT_CHILD_NAMESPACE } }));
  return renderXml(
    el('soap:Envelope', [el('soap:Body', [el(`${name}Response`, [el(`${name}Result`, namespaced)], RESPONSE_NAMESPACE)])], SOAP_NAMESPACES),
  );
}

function routeHead(route: RouteDirection): XmlElement[] {
  return [
    el('RouteNo', route.routeNo),
    el('DirectionID', String(route.directionId)),
    el('Direction', route.direction),
    el('RouteHeading', route.heading),
  ];
}

/**
 * The captures write LastTripOfSchedule as "false" in GetNextTripsForStop but as an empty element
 * in the AllRoutes answer; both are kept.
 */
function tripsXml(trips: UpcomingTrip[], flagStyle: 'true-or-false' | 'empty-when-false'): XmlElement {
  return el(
    'Trips',
    trips.map((trip) => {
      const fields = tripFields(trip);
      const flag = fields.LastTripOfSchedule ? 'true' : flagStyle === 'true-or-false' ? 'false' : '';
      return el('Trip', [
        el('TripDestination', fields.TripDestination),
        el('TripStartTime', fields.TripStartTime),
        el('AdjustedScheduleTime', fields.AdjustedScheduleTime),
        el('AdjustmentAge', fields.AdjustmentAge),
        el('LastTripOfSchedule', flag),
        el('BusType', fields.BusType),
        el('Latitude', fields.Latitude),
        el('Longitude', fields.Longitude),
        el('GPSSpeed', fields.GPSSpeed),
      ]);
    }),
  );
}
