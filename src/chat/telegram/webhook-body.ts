import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';

// grammY's own node:http adapter reads the whole body into memory before parsing it, whatever
// its size: a request with the right secret could make the process hold hundreds of megabytes.
// This one is the same but for the body: read up to a limit, and checked to be an update.
// (Without the secret the body is never read: grammY answers 401 before asking for it.)

/** Telegram's updates are a few kilobytes; a megabyte leaves room for the largest. */
export const MAX_WEBHOOK_BODY_BYTES = 1_048_576;

/** The request's body was refused before it was handled: the server answers `status`. */
export class RefusedBody extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedBody';
  }
}

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** What webhookCallback asks of an adapter (grammY's ReqResHandler, which it does not export). */
interface WebhookHandler {
  readonly update: Promise<Update>;
  header?: string | undefined;
  end(): void;
  respond(json: string): unknown;
  unauthorized(): unknown;
  handlerReturn?: Promise<void>;
}

export function cappedHttpAdapter(limitBytes = MAX_WEBHOOK_BODY_BYTES) {
  return (req: IncomingMessage, res: ServerResponse): WebhookHandler => {
    const header = req.headers[SECRET_HEADER];
    return {
      get update() {
        return readUpdate(req, limitBytes);
      },
      header: Array.isArray(header) ? header[0] : header,
      end: () => res.end(),
      respond: (json: string) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(json),
      unauthorized: () => res.writeHead(401).end('secret token is wrong'),
    };
  };
}

function readUpdate(req: IncomingMessage, limitBytes: number): Promise<Update> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limitBytes) return reject(new RefusedBody(413, `body of ${declared} bytes`));
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limitBytes) return void chunks.push(chunk);
      // Stop reading at once: the rest is never buffered (the server closes the connection).
      req.off('data', onData).pause();
      chunks.length = 0;
      reject(new RefusedBody(413, `body over ${limitBytes} bytes`));
    };
    req.on('data', onData);
    req.once('error', reject);
    req.once('end', () => {
      try {
        const update: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (isUpdate(update)) resolve(update);
        else reject(new RefusedBody(400, 'not an update'));
      } catch {
        reject(new RefusedBody(400, 'not JSON'));
      }
    });
  });
}

function isUpdate(value: unknown): value is Update {
  return typeof value === 'object' && value !== null && Number.isSafeInteger((value as { update_id?: unknown }).update_id);
}
