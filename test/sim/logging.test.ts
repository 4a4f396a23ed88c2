import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AT, at, post, sim } from './helpers.js';

// One log line per request, whatever became of it, and never the key: the logger here has no
// redaction, so only the server's own care keeps the key out.

const KEY = 'key-that-must-not-leak';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines, raw };
}

describe('request log', () => {
  it('writes exactly one line per request, with the question and the outcome, never the key', async () => {
    const { logger, lines, raw } = capturingLogger();
    const server = await sim({ ...at(AT.weekdayMorning), apiKey: KEY, logger });
    const credentials = { appID: 'arrivals-demo', apiKey: KEY };

    await post(server, 'GetNextTripsForStop', { stopNo: '3020', routeNo: '95' }, credentials);
    await post(server, 'Gtfs', { table: 'stops', column: 'stop_code', value: '3017', format: 'json' }, credentials);
    await fetch(`${server.url}/v1.2/GetRouteSummaryForStopp?apiKey=${KEY}`, { method: 'POST', body: `apiKey=${KEY}` });
    await fetch(`${server.url}/v1.2/GetRouteSummaryForStop?apiKey=${KEY}&appID=arrivals-demo`, { method: 'POST', body: 'stopNo=3022' });
    server.setFaults({ failure: 'reset', count: 1 });
    await post(server, 'GetRouteSummaryForStop', { stopNo: '3017' }, credentials).catch(() => undefined);
    server.setFaults({ latencyMs: 5, failure: 'http-500', count: 1 });
    await post(server, 'GetRouteSummaryForStop', { stopNo: '3017' }, credentials);
    await server.close();

    expect(lines.map((line) => [line.msg, line.operation ?? line.path, line.status])).toEqual([
      ['sim request', 'GetNextTripsForStop', 200],
      ['sim request', 'Gtfs', 200],
      ['sim request', '/v1.2/GetRouteSummaryForStopp', 404],
      ['sim request', 'GetRouteSummaryForStop', 200],
      ['sim request', 'GetRouteSummaryForStop', 'closed'],
      ['sim request', 'GetRouteSummaryForStop', 500],
    ]);
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/v1.2/GetNextTripsForStop', stopNo: '3020', routeNo: '95' });
    expect(lines[1]).toMatchObject({ table: 'stops', column: 'stop_code', value: '3017', format: 'json' });
    expect(lines[4]).toMatchObject({ fault: 'reset' });
    expect(lines[5]).toMatchObject({ fault: 'http-500', latencyMs: 5 });
    for (const line of raw) expect(line).not.toContain(KEY);
  });
});
