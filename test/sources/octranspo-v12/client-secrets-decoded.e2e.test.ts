import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransitClient } from '../../../src/sources/octranspo-v12/index.js';
import { API_KEY, APP_ID, startUpstream, type Reply, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { captureLogs, rejection } from './helpers.js';
import { ECHO_CASES, keyEcho, keyPieces } from './key-echoes.js';

// The key must not reach a rider or a log when an echo writes one of its characters escaped
// (&#83; &#x53; \u0053): the raw text does not hold the key, the decoded text does. Every string
// of the model and every error message is checked, over real HTTP, for every operation.

let upstream: Upstream;
let reply: Reply = { body: '' };
beforeAll(async () => {
  upstream = await startUpstream(() => reply);
});
afterAll(() => upstream.close());

const xmlStop = (result: string, stopName: string, routes: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${result}Response><${result}Result><StopNo>3017</StopNo>${stopName}<Error/>${routes}</${result}Result></${result}Response></soap:Body></soap:Envelope>`;
const xmlTrip = (e: string) =>
  `<Trips><Trip><TripDestination>destination ${e}</TripDestination><TripStartTime>10:00</TripStartTime><AdjustedScheduleTime>5</AdjustedScheduleTime><AdjustmentAge>-1</AdjustmentAge><BusType>4L</BusType></Trip></Trips>`;
const jsonTrip = (e: string) =>
  `"Trips":[{"TripDestination":"destination ${e}","TripStartTime":"10:00","AdjustedScheduleTime":5,"AdjustmentAge":-1,"BusType":"4L"}]`;

/** An answer for each operation with the echo `e` in every string field a rider could see. */
const BODIES = {
  nextTrips: {
    xml: (e: string) =>
      xmlStop(
        'GetNextTripsForStop',
        `<StopLabel>stop ${e}</StopLabel>`,
        `<Route><RouteDirection><RouteNo>95</RouteNo><RouteLabel>heading ${e}</RouteLabel><Direction>direction ${e}</Direction><Error/>${xmlTrip(e)}</RouteDirection></Route>`,
      ),
    json: (e: string) =>
      `{"GetNextTripsForStopResult":{"StopNo":"3017","StopLabel":"stop ${e}","Error":"","Route":{"RouteDirection":[{"RouteNo":"95","RouteLabel":"heading ${e}","Direction":"direction ${e}","Error":"",${jsonTrip(e)}}]}}}`,
  },
  nextTripsAllRoutes: {
    xml: (e: string) =>
      xmlStop(
        'GetRouteSummaryForStop',
        `<StopDescription>stop ${e}</StopDescription>`,
        `<Routes><Route><RouteNo>95</RouteNo><RouteHeading>heading ${e}</RouteHeading><Direction>direction ${e}</Direction>${xmlTrip(e)}</Route></Routes>`,
      ),
    json: (e: string) =>
      `{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":"stop ${e}","Error":"","Routes":{"Route":[{"RouteNo":95,"RouteHeading":"heading ${e}","Direction":"direction ${e}",${jsonTrip(e)}}]}}}`,
  },
  routeSummary: {
    xml: (e: string) =>
      xmlStop(
        'GetRouteSummaryForStop',
        `<StopDescription>stop ${e}</StopDescription>`,
        `<Routes><Route><RouteNo>95</RouteNo><RouteHeading>heading ${e}</RouteHeading><Direction>direction ${e}</Direction></Route></Routes>`,
      ),
    json: (e: string) =>
      `{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":"stop ${e}","Error":"","Routes":[{"RouteNo":"95","RouteHeading":"heading ${e}","Direction":"direction ${e}"}]}}`,
  },
  gtfs: {
    xml: (e: string) =>
      `<?xml version="1.0" encoding="utf-8"?><Gtfs><result id="id ${e}"><stop_code>3017</stop_code><stop_name>name ${e}</stop_name></result></Gtfs>`,
    json: (e: string) => `{"Query":{"table":"stops"},"Gtfs":[{"id":"id ${e}","stop_code":"3017","stop_name":"name ${e}"}]}`,
  },
};

const ask = {
  nextTrips: (format: 'xml' | 'json') => clientFor(upstream, { format }).nextTrips('3017', '95'),
  nextTripsAllRoutes: (format: 'xml' | 'json') => clientFor(upstream, { format }).nextTripsAllRoutes('3017'),
  routeSummary: (format: 'xml' | 'json') => clientFor(upstream, { format }).routeSummary('3017'),
  gtfs: (format: 'xml' | 'json') => clientFor(upstream, { format }).gtfs({ table: 'stops', column: 'stop_code', value: '3017' }),
};

describe.each(Object.keys(BODIES) as Array<keyof typeof BODIES>)('%s: an escaped echo in every string field', (operation) => {
  it.each(ECHO_CASES)('%s, %s character as %s', async (format, position, escape) => {
    reply = { body: BODIES[operation][format](keyEcho(format, position, escape)) };
    const answer = await ask[operation](format);
    expect(keyPieces(JSON.stringify(answer))).toStrictEqual([]);
    if (operation === 'gtfs') {
      expect(answer).toStrictEqual([{ id: 'id [redacted]', stop_code: '3017', stop_name: 'name [redacted]' }]);
    } else {
      const stop = answer as Awaited<ReturnType<typeof ask.nextTrips>>;
      const route = stop.routes[0];
      expect([stop.stopName, route?.heading, route?.direction]).toStrictEqual(['stop [redacted]', 'heading [redacted]', 'direction [redacted]']);
      if (operation !== 'routeSummary') expect(route?.trips[0]?.destination).toBe('destination [redacted]');
    }
  });
});

/** Error bodies that quote the echo `e` in text the client puts into a message. */
const ERROR_BODIES: Array<[name: string, body: (format: 'xml' | 'json', e: string) => string]> = [
  ['a short api error text', (f, e) => errorBody(f, `bad key ${e}`)],
  // The message quotes 60 characters of the text, which would cut the key in two after decoding.
  ['an api error text where the excerpt cuts the key', (f, e) => errorBody(f, `Request refused for application test-app: unknown key ${e}`)],
  ['a minutes-away that is not a number', (f, e) => tripBody(f, `AdjustedScheduleTime`, `soon, said the server to the caller with key ${e}`)],
  ['a route number that is not one', (f, e) => tripBody(f, 'RouteNo', `route for key ${e}`)],
  // Not a document at all: the message quotes the raw text, where no decoding ever happens.
  ['a plain-text body', (_f, e) => `Invalid apiKey ${e}`],
];

function errorBody(format: 'xml' | 'json', text: string): string {
  return format === 'xml'
    ? `<GetRouteSummaryForStopResult><Error>${text}</Error></GetRouteSummaryForStopResult>`
    : `{"GetRouteSummaryForStopResult":{"Error":"${text}"}}`;
}

function tripBody(format: 'xml' | 'json', field: string, text: string): string {
  const fields: Record<string, string> = { RouteNo: '95', AdjustedScheduleTime: '5', [field]: text };
  return format === 'xml'
    ? `<GetRouteSummaryForStopResult><StopNo>3017</StopNo><Routes><Route><RouteNo>${fields.RouteNo}</RouteNo><Trips><Trip><AdjustedScheduleTime>${fields.AdjustedScheduleTime}</AdjustedScheduleTime></Trip></Trips></Route></Routes></GetRouteSummaryForStopResult>`
    : `{"GetRouteSummaryForStopResult":{"StopNo":"3017","Routes":[{"RouteNo":"${fields.RouteNo}","Trips":[{"AdjustedScheduleTime":"${fields.AdjustedScheduleTime}"}]}]}}`;
}

describe.each(ERROR_BODIES)('errors: %s', (_name, body) => {
  it.each(ECHO_CASES)('%s, %s character as %s', async (format, position, escape) => {
    reply = { body: body(format, keyEcho(format, position, escape)) };
    const { lines, logger } = captureLogs();
    const error = await rejection(clientFor(upstream, { format, logger }).nextTripsAllRoutes('3017'));
    expect(['unavailable', 'refused-credentials']).toContain(error.kind);
    expect(error.message).toMatch(/API error|AdjustedScheduleTime|RouteNo|expected (XML|JSON)/);
    expect(keyPieces([error.message, String(error.stack), inspect(error, { showHidden: true })].join('\n'))).toStrictEqual([]);
    expect(keyPieces(lines.join(''))).toStrictEqual([]);
  });
});

describe('escapes that only decoding reveals, and keys that are not text', () => {
  // "&amp;#83;" is not the key to the raw scrub; decoded once, it is "&#83;", which a rider's
  // screen or a log reader turns into "S" at a glance. Scrubbed after decoding, before any cut.
  const doubly = [...API_KEY].map((ch, i) => (i === 0 ? `&amp;#${ch.codePointAt(0)};` : ch === '&' ? '&amp;' : ch)).join('');

  it('an escape escaped again, in a stop name', async () => {
    reply = { body: BODIES.routeSummary.xml(doubly) };
    const stop = await clientFor(upstream).routeSummary('3017');
    expect(stop.stopName).toBe('stop [redacted]');
  });

  it('an escape escaped again, in an api error text the excerpt cuts', async () => {
    // 48 characters, then the key as "&#107;3y+S3c...": the 60-character excerpt ends inside it.
    reply = { body: errorBody('xml', `Request refused for application test-app; key: ${doubly}`) };
    const error = await rejection(clientFor(upstream).routeSummary('3017'));
    expect(keyPieces(error.message.replace(/&#\d+;/g, (ref) => String.fromCodePoint(Number(ref.slice(2, -1)))))).toStrictEqual([]);
  });

  it('a key of digits echoed as a JSON number, written so that no text holds it', async () => {
    const digits = '4071982365';
    const body = '{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":4.071982365e9,"Error":"","Routes":[]}}';
    // The local upstream only knows the usual key, so this answer comes from a stand-in fetch.
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response(body));
    const stop = await createTransitClient({ baseUrl: 'http://127.0.0.1:1', appId: APP_ID, apiKey: digits, format: 'json', fetch }).routeSummary(
      '3017',
    );
    expect(stop.stopName).toBe('[redacted]');
  });
});
