import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import type { Health } from '../../src/domain/health.js';
import { startOpsServer, type OpsServer } from '../../src/ops/server.js';
import { capturingLogger } from '../pushes/fakes.js';

let server: OpsServer | undefined;
const healthy: Health = { live: () => ({ ok: true }), ready: () => ({ ok: true }) };
afterEach(async () => server?.close());

/** One raw request line, as any client on the network could send it; the answer's status line. */
function rawRequest(port: number, requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('the ops server', () => {
  it('answers a request target that is no URL path with 400, and keeps serving', async () => {
    server = await startOpsServer({ port: 0, registry: new Registry(), health: healthy, logger: capturingLogger().logger });
    for (const target of ['//[', '//[::1', 'http://[', '//%'])
      expect(await rawRequest(server.port, `GET ${target} HTTP/1.1`)).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
  });

  it('answers 500 when the health check itself fails, and keeps serving', async () => {
    const failing = () => {
      throw new TypeError('no tick yet');
    };
    server = await startOpsServer({
      port: 0,
      registry: new Registry(),
      health: { live: failing, ready: failing },
      logger: capturingLogger().logger,
    });
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(500);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(200);
  });

  it('listens on the loopback interface unless told otherwise', async () => {
    server = await startOpsServer({ port: 0, registry: new Registry(), health: healthy, logger: capturingLogger().logger });
    expect(server.address).toBe('127.0.0.1');
  });
});
