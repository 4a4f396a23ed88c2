import { describe, expect, it } from 'vitest';
import { AT, at, bare, json, post, postJson, sim, type NextTripsReply, type RouteSummaryReply } from './helpers.js';

// Errors as the service gave them: in-band codes with HTTP 200 for the stop operations.

const STOP_OPERATIONS = [
  ['GetRouteSummaryForStop', 'GetRouteSummaryForStopResult'],
  ['GetNextTripsForStop', 'GetNextTripsForStopResult'],
  ['GetNextTripsForStopAllRoutes', 'GetRouteSummaryForStopResult'],
] as const;

describe('error 1: credentials', () => {
  it.each(STOP_OPERATIONS)('%s answers a wrong key, a wrong app id or none with only Error 1', async (operation, result) => {
    const server = await sim(at(AT.weekdayMorning));
    const fields = { stopNo: '3020', routeNo: '95' };
    for (const credentials of [
      { appID: 'arrivals-demo', apiKey: 'wrong' },
      { appID: 'someone-else', apiKey: 'demo-key-0000' },
      {} as Record<string, string>,
    ]) {
      expect(await postJson(server, operation, fields, credentials as never)).toEqual({ [result]: { Error: '1' } });
      const xml = await post(server, operation, fields, credentials as never);
      expect(xml.status).toBe(200);
      expect(xml.body).toContain('<Error xmlns="http://tempuri.org/">1</Error>');
      expect(xml.body).not.toContain('<StopNo');
    }
  });

  it('accepts the credentials the server was started with', async () => {
    const server = await sim({ ...at(AT.weekdayMorning), appId: 'mine', apiKey: 's3cret' });
    const credentials = { appID: 'mine', apiKey: 's3cret' };
    expect(
      (await postJson<RouteSummaryReply>(server, 'GetRouteSummaryForStop', { stopNo: '3020' }, credentials)).GetRouteSummaryForStopResult.Error,
    ).toBe('');
    expect((await postJson<RouteSummaryReply>(server, 'GetRouteSummaryForStop', { stopNo: '3020' })).GetRouteSummaryForStopResult.Error).toBe('1');
  });

  it('matches parameter names without regard to case, as ASP.NET did', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const summary = await postJson<RouteSummaryReply>(server, 'GetRouteSummaryForStop', { stopno: '3020' }, {
      appid: 'arrivals-demo',
      APIKEY: 'demo-key-0000',
    } as never);
    expect(summary.GetRouteSummaryForStopResult.StopNo).toBe('3020');
  });
});

describe('error 10: stop', () => {
  it.each(STOP_OPERATIONS)('%s answers an unknown, malformed or missing stop number with only Error 10', async (operation, result) => {
    const server = await sim(at(AT.weekdayMorning));
    for (const stopNo of ['9999', '756', '30200', 'abcd', '']) {
      expect(await postJson(server, operation, { stopNo, routeNo: '95' })).toEqual({ [result]: { Error: '10' } });
    }
    expect(await postJson(server, operation, { routeNo: '95' })).toEqual({ [result]: { Error: '10' } });
  });
});

describe('errors 11 and 12: route', () => {
  async function direction(routeNo: string | undefined) {
    const server = await sim(at(AT.weekdayMorning));
    const fields: Record<string, string> = { stopNo: '3020' };
    if (routeNo !== undefined) fields.routeNo = routeNo;
    const { GetNextTripsForStopResult: result } = await postJson<NextTripsReply>(server, 'GetNextTripsForStop', fields);
    expect(result.Error).toBe('');
    expect(result.StopLabel).toBe('LAURIER STATION');
    return bare(result.Route.RouteDirection);
  }

  it('reports a route the network does not have as 11 in the RouteDirection', async () => {
    expect(await direction('999')).toMatchObject({ RouteNo: 999, Error: '11', Trips: [] });
    expect(await direction('X9')).toMatchObject({ RouteNo: 'X9', Error: '11' });
    expect(await direction(undefined)).toMatchObject({ RouteNo: '', Error: '11' });
  });

  it('reports a real route that does not serve the stop as 12 in the RouteDirection', async () => {
    const routeDirection = await direction('1');
    expect(routeDirection).toMatchObject({ RouteNo: 1, Error: '12', Trips: [] });
    expect(routeDirection.RequestProcessingTime).toBe('20261124080000');
  });

  it('writes the route error in XML inside the RouteDirection, with the stop-level Error empty', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const reply = await post(server, 'GetNextTripsForStop', { stopNo: '3020', routeNo: '1' });
    expect(reply.body).toContain('<Error xmlns="http://tempuri.org/"/>');
    expect(reply.body).toMatch(/<RouteDirection>\s*<RouteNo>1<\/RouteNo>\s*<RouteLabel\/>\s*<Direction\/>\s*<Error>12<\/Error>/);
    expect(reply.body).toContain('<Trips/>');
  });
});

describe('HTTP-level answers', () => {
  it('answers an unknown operation with the plain text seen in the wild', async () => {
    const server = await sim();
    for (const path of ['/v1.2/GetStops', '/v1.3/GetRouteSummaryForStop', '/']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', body: 'stopNo=3020' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('API method not found');
    }
  });

  it('refuses methods other than POST on an operation', async () => {
    const server = await sim();
    const response = await fetch(`${server.url}/v1.2/GetRouteSummaryForStop?stopNo=3020`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses an oversized body with 413', async () => {
    const server = await sim();
    const response = await fetch(`${server.url}/v1.2/GetRouteSummaryForStop`, { method: 'POST', body: `stopNo=${'9'.repeat(70_000)}` });
    expect(response.status).toBe(413);
  });

  it('takes parameters from the query string too, the form winning', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const response = await fetch(`${server.url}/v1.2/GetRouteSummaryForStop?stopNo=9999&format=json`, {
      method: 'POST',
      body: new URLSearchParams({ appID: 'arrivals-demo', apiKey: 'demo-key-0000', stopNo: '3022' }),
    });
    expect(json<RouteSummaryReply>(await response.text()).GetRouteSummaryForStopResult.StopDescription).toBe('LEES STATION');
  });
});
