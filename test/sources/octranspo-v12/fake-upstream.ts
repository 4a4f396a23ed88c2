import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixture } from './helpers.js';

// A local stand-in for the v1.2 API on 127.0.0.1 for end-to-end tests. It checks every request
// against the contract (POST, /v1.2/<operation>, form-encoded, credentials, fields) and answers
// 400 to a request that breaks it, records every request, and replies as each test scripts.

export const APP_ID = 'test-app';
/** Characters that need form encoding, so that a sloppy encoder would be caught. */
export const API_KEY = 'k3y+S3cr3t/=&%zZ';

export const OPERATIONS = ['GetRouteSummaryForStop', 'GetNextTripsForStop', 'GetNextTripsForStopAllRoutes', 'Gtfs'] as const;

export interface SeenRequest {
  method: string;
  path: string;
  contentType: string;
  operation: string;
  form: Record<string, string>;
}

export type Reply =
  | { status?: number; body: string | Buffer; contentType?: string; contentLength?: boolean; headers?: Record<string, string> }
  /** Send headers and this much of a body, then stall until the server closes. */
  | { stall: string }
  /** Never answer at all, not even headers. */
  | { silent: true }
  /** Drop the connection without an answer. */
  | { hangUp: true }
  /** Stream `chunks` x `chunkBytes` bytes without a Content-Length. */
  | { stream: number; chunkBytes: number };

export type Script = (request: SeenRequest, index: number) => Reply;

export interface Upstream {
  baseUrl: string;
  requests: SeenRequest[];
  /** Requests that broke the contract (answered 400). */
  violations: string[];
  script: Script;
  close(): Promise<void>;
}

/** Answers each operation with its fixture in the requested format. */
export function fixtureScript(names: Partial<Record<string, string>>): Script {
  return (request) => {
    const format = request.form.format?.toLowerCase() === 'json' ? 'json' : 'xml';
    const name = names[request.operation];
    if (name === undefined) return { status: 500, body: `no fixture for ${request.operation}` };
    return { body: fixture(`${name}.${format}`), contentType: format === 'json' ? 'application/json' : 'text/xml; charset=utf-8' };
  };
}

function contractViolation(req: IncomingMessage, seen: SeenRequest): string | undefined {
  if (req.method !== 'POST') return `method ${req.method}`;
  if (!(OPERATIONS as readonly string[]).includes(seen.operation) || seen.path !== `/v1.2/${seen.operation}`) return `path ${seen.path}`;
  if (seen.contentType.split(';')[0]?.trim() !== 'application/x-www-form-urlencoded') return `content type ${seen.contentType}`;
  if (seen.form.appID !== APP_ID || seen.form.apiKey !== API_KEY) return 'credentials';
  if (seen.operation !== 'Gtfs' && !/^\d{4}$/.test(seen.form.stopNo ?? '')) return 'stopNo';
  if (seen.operation === 'GetNextTripsForStop' && !seen.form.routeNo) return 'routeNo';
  if (seen.form.format !== undefined && !/^(json|xml)$/i.test(seen.form.format)) return 'format';
  return undefined;
}

export async function startUpstream(script: Script): Promise<Upstream> {
  const requests: SeenRequest[] = [];
  const violations: string[] = [];
  const upstream: Upstream = { baseUrl: '', requests, violations, script, close: () => Promise.resolve() };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '';
    const seen: SeenRequest = {
      method: req.method ?? '',
      path,
      contentType: req.headers['content-type'] ?? '',
      operation: path.replace(/^\/v1\.2\//, ''),
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    requests.push(seen);
    const violation = contractViolation(req, seen);
    if (violation) {
      violations.push(violation);
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`bad request: ${violation}`);
      return;
    }
    answer(res, upstream.script(seen, requests.length - 1));
  };
  // A failing handler shows up as a contract violation (and a dropped connection), not unhandled.
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      violations.push(`handler failed: ${err instanceof Error ? err.message : typeof err}`);
      res.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  upstream.baseUrl = `http://127.0.0.1:${port}`;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}

function answer(res: ServerResponse, reply: Reply): void {
  if ('silent' in reply) return;
  if ('hangUp' in reply) {
    res.socket?.destroy();
    return;
  }
  if ('stall' in reply) {
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.write(reply.stall);
    return;
  }
  if ('stream' in reply) {
    res.writeHead(200, { 'content-type': 'text/xml' });
    const chunk = Buffer.alloc(reply.chunkBytes, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < reply.stream) {
        sent++;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    res.on('error', () => undefined);
    pump();
    return;
  }
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  const headers: Record<string, string | number> = { 'content-type': reply.contentType ?? 'text/xml; charset=utf-8', ...reply.headers };
  if (reply.contentLength !== false) headers['content-length'] = body.byteLength;
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}
