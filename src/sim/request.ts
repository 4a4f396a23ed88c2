import type { IncomingMessage } from 'node:http';
import type { ResponseFormat } from '../sources/octranspo-v12/index.js';

// Request parameters: the form body, with the URL's query string as a fallback, names matched
// without regard to case (the service ran on ASP.NET, whose form lookup ignores case). An empty
// value counts as absent, so "stopNo=" is the same as no stopNo.

const MAX_REQUEST_BYTES = 64 * 1024;

export class Params {
  private readonly values = new Map<string, string>();

  constructor(...sources: URLSearchParams[]) {
    for (const source of sources) {
      for (const [name, value] of source) {
        if (value.trim() !== '') this.values.set(name.toLowerCase(), value.trim());
      }
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }
}

export class BodyTooLarge extends Error {}

export async function readBody(request: IncomingMessage, maxBytes = MAX_REQUEST_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) throw new BodyTooLarge(`request body over ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The form body (urlencoded) overrides the query string. */
export function requestParams(url: URL, body: string): Params {
  return new Params(url.searchParams, new URLSearchParams(body));
}

/** "json" in any case selects JSON; anything else is the default XML. */
export function responseFormat(params: Params): ResponseFormat {
  return params.get('format')?.toLowerCase() === 'json' ? 'json' : 'xml';
}
