import { describe, expect, it } from 'vitest';
import { FAULT_FAILURES, type FaultFailure, type Faults, type SimServer } from '../../src/sim/index.js';
import type { SimStats } from '../../src/sim/stats.js';
import { AT, at, json, post, postJson, sim, type Reply } from './helpers.js';

// Fault injection, by option and through the control endpoint.

/** GET /__sim/stats. */
type StatsReply = ReturnType<SimStats['snapshot']>;
/** GET and POST /__sim/faults: the plan, with the requests left when it has a count. */
type FaultsReply = Faults & { remaining?: number };

async function control<T = unknown>(url: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${url}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, json: json<T>(await response.text()) };
}

describe('fault injection', () => {
  it('serves HTTP 500', async () => {
    const server = await sim({ ...at(AT.weekdayMorning), faults: { failure: 'http-500' } });
    expect((await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' })).status).toBe(500);
  });

  it('serves error 2 in-band in the shape of each operation', async () => {
    const server = await sim({ ...at(AT.weekdayMorning), faults: { failure: 'error-2' } });
    expect(await postJson(server, 'GetNextTripsForStop', { stopNo: '3020', routeNo: '95' })).toEqual({ GetNextTripsForStopResult: { Error: '2' } });
    expect(await postJson(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3020' })).toEqual({ GetRouteSummaryForStopResult: { Error: '2' } });
    const xml = await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' });
    expect(xml.status).toBe(200);
    expect(xml.body).toContain('<Error xmlns="http://tempuri.org/">2</Error>');
    expect((await post(server, 'Gtfs', { table: 'routes' })).status).toBe(503);
  });

  it('serves a truncated body: the first half of the real answer, complete at the HTTP level', async () => {
    const healthy = await sim(at(AT.weekdayMorning));
    const broken = await sim({ ...at(AT.weekdayMorning), faults: { failure: 'truncated' } });
    for (const format of ['xml', 'json']) {
      const whole = (await post(healthy, 'GetNextTripsForStopAllRoutes', { stopNo: '3020', format })).body;
      const cut = await post(broken, 'GetNextTripsForStopAllRoutes', { stopNo: '3020', format });
      expect(cut.status).toBe(200);
      expect(cut.body.length).toBeGreaterThan(0);
      expect(cut.body.length).toBeLessThan(whole.length);
      expect(whole.startsWith(cut.body)).toBe(true);
    }
  });

  it('serves an HTML error page and a plain-text body with HTTP 200', async () => {
    const server = await sim({ faults: { failure: 'html' } });
    const html = await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' });
    expect([html.status, html.contentType]).toEqual([200, 'text/html; charset=utf-8']);
    expect(html.body).toMatch(/^<!DOCTYPE html>/);
    server.setFaults({ failure: 'plain-text' });
    const plain = await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' });
    expect([plain.status, plain.contentType]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(plain.body).not.toMatch(/^[<{]/);
  });

  it('closes the connection without an answer on reset', async () => {
    const server = await sim({ faults: { failure: 'reset' } });
    await expect(post(server, 'GetRouteSummaryForStop', { stopNo: '3020' })).rejects.toThrow();
  });

  it('applies a fault to the next N requests only, then answers normally', async () => {
    const server = await sim({ ...at(AT.weekdayMorning), faults: { failure: 'http-500', count: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' })).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('adds latency before the answer and counts it', async () => {
    const server = await sim({ ...at(AT.weekdayMorning), faults: { latencyMs: 30, count: 1 } });
    const reply = await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('LAURIER STATION');
    expect((await control<StatsReply>(server.url, '/__sim/stats')).json.faults).toEqual({ latency: 1 });
  });
});

/** What each failure looks like from outside; `reset` leaves no reply at all. */
const LOOKS_LIKE: Record<FaultFailure, (reply: Reply | 'no reply') => void> = {
  'http-500': (reply) => expect(reply).toMatchObject({ status: 500 }),
  'error-2': (reply) => expect(reply).toMatchObject({ status: 200, body: '{"GetRouteSummaryForStopResult":{"Error":"2"}}' }),
  truncated: (reply) => {
    expect(reply).toMatchObject({ status: 200, contentType: 'application/json; charset=utf-8' });
    expect(() => json((reply as Reply).body)).toThrow();
  },
  html: (reply) => expect(reply).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' }),
  'plain-text': (reply) => expect(reply).toMatchObject({ status: 200, contentType: 'text/plain; charset=utf-8' }),
  reset: (reply) => expect(reply).toBe('no reply'),
};

async function ask(server: SimServer): Promise<Reply | 'no reply'> {
  return post(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3020', format: 'json' }).catch(() => 'no reply' as const);
}

describe.each([
  ['by option', async (failure: FaultFailure) => sim({ ...at(AT.weekdayMorning), faults: { failure } })],
  [
    'by the control endpoint',
    async (failure: FaultFailure) => {
      const server = await sim(at(AT.weekdayMorning));
      expect((await control(server.url, '/__sim/faults', { failure })).status).toBe(200);
      return server;
    },
  ],
])('every failure kind %s', (_, start) => {
  it.each(FAULT_FAILURES)('%s', async (failure) => {
    const server = await start(failure);
    LOOKS_LIKE[failure](await ask(server));
    expect((await control<StatsReply>(server.url, '/__sim/stats')).json.faults).toEqual({ [failure]: 1 });
  });
});

describe('control endpoint', () => {
  it('adds latency set over HTTP, then answers normally', async () => {
    const server = await sim(at(AT.weekdayMorning));
    expect((await control(server.url, '/__sim/faults', { latencyMs: 20, count: 1 })).json).toEqual({ latencyMs: 20, count: 1, remaining: 1 });
    expect(await ask(server)).toMatchObject({ status: 200 });
    expect((await control<StatsReply>(server.url, '/__sim/stats')).json.faults).toEqual({ latency: 1 });
    expect((await control(server.url, '/__sim/faults')).json).toEqual({});
  });

  it('sets, reports and clears the fault plan over HTTP, leaving control requests unaffected', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const set = await control(server.url, '/__sim/faults', { failure: 'http-500', count: 1 });
    expect(set).toEqual({ status: 200, json: { failure: 'http-500', count: 1, remaining: 1 } });
    expect((await control<FaultsReply>(server.url, '/__sim/faults')).json.remaining).toBe(1);
    expect((await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' })).status).toBe(500);
    expect((await control(server.url, '/__sim/faults')).json).toEqual({});
    await control(server.url, '/__sim/faults', { failure: 'html' });
    await control(server.url, '/__sim/faults', {});
    expect((await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' })).status).toBe(200);
  });

  it('refuses an invalid plan with 400 and keeps the old one', async () => {
    const server = await sim({ faults: { failure: 'html' } });
    for (const body of [{ failure: 'explode' }, { latencyMs: -5 }, { count: 0 }, { surprise: true }]) {
      expect((await control(server.url, '/__sim/faults', body)).status).toBe(400);
    }
    expect((await control(server.url, '/__sim/faults')).json).toEqual({ failure: 'html' });
    expect(() => server.setFaults({ failure: 'nope' as never })).toThrow();
  });

  it('counts requests per operation and reports the process memory', async () => {
    const server = await sim(at(AT.weekdayMorning));
    await post(server, 'GetRouteSummaryForStop', { stopNo: '3020' });
    await post(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3020' });
    await post(server, 'GetNextTripsForStopAllRoutes', { stopNo: '3017' });
    const { json: stats } = await control<StatsReply>(server.url, '/__sim/stats');
    expect(stats.apiRequests).toBe(3);
    expect(stats.requests).toBe(4);
    expect(stats.byOperation).toEqual({ GetRouteSummaryForStop: 1, GetNextTripsForStopAllRoutes: 2 });
    expect(stats.memory.rssBytes).toBeGreaterThan(stats.memory.heapUsedBytes);
  });
});
