import { describe, expect, it } from 'vitest';
import { AT, at, post, sim } from './helpers.js';
import { fixture, xmlSkeleton } from './skeleton.js';

// Our XML against the real captures (test/fixtures/octranspo-api/): same element names, nesting,
// order and namespaces. Values differ (other stops, other times) and are ignored.

describe('XML answers have the structure of the real captures', () => {
  it('GetRouteSummaryForStop is shaped like route-summary.xml', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('text/xml; charset=utf-8');
    expect(xmlSkeleton(reply.body)).toEqual(xmlSkeleton(fixture('route-summary.xml')));
  });

  it('GetNextTripsForStop is shaped like next-trips.xml (stop 3020, route 94, two directions)', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetNextTripsForStop', { stopNo: '3020', routeNo: '94' });
    expect(xmlSkeleton(reply.body)).toEqual(xmlSkeleton(fixture('next-trips.xml')));
  });

  it('GetNextTripsForStopAllRoutes is shaped like next-trips-all-routes.xml (GetRouteSummaryForStop wrapper)', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3020' });
    expect(xmlSkeleton(reply.body)).toEqual(xmlSkeleton(fixture('next-trips-all-routes.xml')));
  });

  it('an unknown stop is shaped like route-summary-error-10.xml: only the Error element', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetRouteSummaryForStop', { stopNo: '9999' });
    expect(reply.status).toBe(200);
    expect(xmlSkeleton(reply.body)).toEqual(xmlSkeleton(fixture('route-summary-error-10.xml')));
    expect(reply.body).toContain('<Error xmlns="http://tempuri.org/">10</Error>');
  });

  it('writes the values the captures show: empty elements, LastTripOfSchedule per operation, escaped text', async () => {
    const server = await sim(at(AT.weekdayLate));
    const all = await post(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3020' });
    expect(all.body).toContain('<Error xmlns="http://tempuri.org/"/>');
    expect(all.body).toContain('<RouteHeading>Airport / Aéroport</RouteHeading>');
    // AllRoutes: an empty element for false (as captured), "true" for the last trip.
    expect(all.body).toContain('<LastTripOfSchedule/>');
    expect(all.body).toContain('<LastTripOfSchedule>true</LastTripOfSchedule>');
    expect(all.body).toMatch(
      /<AdjustmentAge>-1<\/AdjustmentAge>\s+<LastTripOfSchedule\/>\s+<BusType>[^<]+<\/BusType>\s+<Latitude\/>\s+<Longitude\/>\s+<GPSSpeed\/>/,
    );

    const next = await post(server, 'GetNextTripsForStop', { stopNo: '3020', routeNo: '97' });
    expect(next.body).toContain('<LastTripOfSchedule>false</LastTripOfSchedule>');
    expect(next.body).toContain('<RequestProcessingTime>20261124233000</RequestProcessingTime>');

    const summary = await post(server, 'GetRouteSummaryForStop', { stopNo: '7692' });
    expect(summary.body).toContain('<StopDescription xmlns="http://tempuri.org/">WELLINGTON / O\'CONNOR</StopDescription>');
  });
});
