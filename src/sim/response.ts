import type { ServerResponse } from 'node:http';

// What a handler returns; the server writes it. Plain data, so handlers stay testable and the
// fault layer can cut or replace a response before it leaves.

export interface SimResponse {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export const XML_TYPE = 'text/xml; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export function text(status: number, body: string): SimResponse {
  return { status, contentType: TEXT_TYPE, body };
}

export function json(status: number, value: unknown): SimResponse {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(value) };
}

export function send(res: ServerResponse, response: SimResponse, body: Buffer = Buffer.from(response.body, 'utf8')): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(response.status, {
    ...response.headers,
    'content-type': response.contentType,
    'content-length': String(body.length),
  });
  res.end(body);
}
