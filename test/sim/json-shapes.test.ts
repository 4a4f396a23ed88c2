import { describe, expect, it } from 'vitest';
import { AT, at, bare, json, list, post, postJson, sim, type NextTripsReply, type RouteSummaryReply } from './helpers.js';
import { fixture, jsonSkeleton } from './skeleton.js';

// Our JSON against the real captures: same keys, nesting and value types (numbers, booleans,
// strings; a single entry as a bare object). Values are ignored.

describe('JSON answers have the shapes of the real captures', () => {
  it('GetNextTripsForStop with two directions is shaped like next-trips-two-directions.json', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const ours = await postJson(server, 'GetNextTripsForStop', { stopNo: '3020', routeNo: '94' });
    expect(jsonSkeleton(ours)).toEqual(jsonSkeleton(json(fixture('next-trips-two-directions.json'))));
  });

  it('GetNextTripsForStop with one direction gives RouteDirection as an object, like next-trips-single-direction.json', async () => {
    const server = await sim(at(AT.weekdayMorning));
    // Route 11 serves stop 0756 eastbound only.
    const ours = await postJson<NextTripsReply>(server, 'GetNextTripsForStop', { stopNo: '0756', routeNo: '11' });
    expect(jsonSkeleton(ours)).toEqual(jsonSkeleton(json(fixture('next-trips-single-direction.json'))));
    expect(ours.GetNextTripsForStopResult.StopNo).toBe('0756');
  });

  it('GetNextTripsForStopAllRoutes routes are shaped like those of next-trips-all-routes.json', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const ours = await postJson<RouteSummaryReply>(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3022' });
    const capture = json<RouteSummaryReply>(fixture('next-trips-all-routes.json'));
    const top = (reply: RouteSummaryReply) => Object.keys(reply.GetRouteSummaryForStopResult);
    expect(top(ours)).toEqual(top(capture));
    const firstRoute = (reply: RouteSummaryReply) => jsonSkeleton(list(reply.GetRouteSummaryForStopResult.Routes.Route)[0]);
    expect(firstRoute(ours)).toEqual(firstRoute(capture));
  });

  it('writes a single trip as a bare object and no trips as [] in AllRoutes, as the capture does', async () => {
    // Wed 01:00: route 95 eastbound has one trip left at Laurier (25:00 from Baseline), the rest none.
    const server = await sim(at(new Date('2026-11-25T06:00:00Z')));
    const routes = list(
      (await postJson<RouteSummaryReply>(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3020' })).GetRouteSummaryForStopResult.Routes.Route,
    );
    const of = (routeNo: number, directionId: number) => routes.find((r) => r.RouteNo === routeNo && r.DirectionID === directionId);
    expect(of(95, 0)?.Trips).toMatchObject({ TripStartTime: '25:00', LastTripOfSchedule: true });
    expect(of(94, 0)?.Trips).toEqual([]);
  });

  it('gives one route direction as a bare Route object in AllRoutes and route summary', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const all = await postJson<RouteSummaryReply>(server, 'GetNextTripsForStopAllRoutes', { stopNo: '0756' });
    expect(all.GetRouteSummaryForStopResult.Routes.Route).toMatchObject({ RouteNo: 11, DirectionID: 0, Direction: 'Eastbound' });
    expect(Array.isArray(bare(all.GetRouteSummaryForStopResult.Routes.Route).Trips)).toBe(true);
    const summary = await postJson(server, 'GetRouteSummaryForStop', { stopNo: '0756' });
    expect(summary).toEqual({
      GetRouteSummaryForStopResult: {
        StopNo: '0756',
        StopDescription: 'BOOTH / WELLINGTON',
        Error: '',
        Routes: { Route: { RouteNo: 11, DirectionID: 0, Direction: 'Eastbound', RouteHeading: 'Parliament ~ Parlement' } },
      },
    });
  });

  it('answers an unknown stop with exactly the captured error-10 body', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetNextTripsForStopAllRoutes', { stopNo: '9999', format: 'json' });
    expect(reply.contentType).toBe('application/json; charset=utf-8');
    expect(reply.body).toBe(fixture('next-trips-all-routes-error-10.json').trim());
  });

  it('escapes "/" and non-ASCII text the way the 2018 capture does', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetRouteSummaryForStop', { stopNo: '3020', format: 'JSON' });
    expect(reply.body).toContain('"RouteHeading":"Airport \\/ A\\u00e9roport"');
    expect(reply.body).toContain('"RouteHeading":"Orl\\u00e9ans"');
    expect(reply.body).not.toMatch(/\P{ASCII}/u);
  });
});
