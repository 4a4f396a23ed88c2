import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { webhookCallback, type Bot } from 'grammy';
import { healthAnswer, type Health } from '../../domain/health.js';
import type { Logger } from '../../log.js';
import { attempt } from '../../util/attempt.js';
import type { Redactor } from '../../util/redact.js';
import { describeError } from './describe-error.js';
import { cappedHttpAdapter, MAX_WEBHOOK_BODY_BYTES, RefusedBody } from './webhook-body.js';

export interface WebhookServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Receives Telegram's webhook POSTs on the path of the public webhook URL. Each request must
 * carry the secret in X-Telegram-Bot-Api-Secret-Token (grammY refuses others with 401), so any
 * number of instances can sit behind a load balancer. GET /healthz, /livez and /readyz answer that
 * balancer's probes as the ops server does (the same health, one meaning), when `health` is given.
 * A body over 1 MB is refused with 413, one that is not an update with 400. `web`: other pages
 * served on the same port (the live map, when WEB_PORT is the webhook's): true when it answered.
 */
export async function startWebhookServer(options: {
  bot: Bot;
  path: string;
  secret: string;
  port: number;
  host?: string;
  logger: Logger;
  redact: Redactor;
  health?: Health;
  web?: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<WebhookServer> {
  const { bot, path, secret, logger, redact } = options;
  // Answering Telegram late makes it deliver the update again; past 9 s the update is still
  // handled, but the HTTP answer goes out first.
  const handle = webhookCallback(bot, cappedHttpAdapter(MAX_WEBHOOK_BODY_BYTES), {
    secretToken: secret,
    onTimeout: 'return',
    timeoutMilliseconds: 9_000,
  });

  const server: Server = createServer((req, res) => {
    // A request target that is no URL path ("//[") would make URL throw, and a throw here
    // would end the process: anyone could stop the bot with one request.
    const pathname = attempt(() => new URL(req.url ?? '/', 'http://localhost').pathname, undefined);
    if (pathname === undefined) {
      res.writeHead(400).end();
      return;
    }
    const { health } = options;
    // A health check that throws is answered 500, never the end of the process.
    const probe =
      req.method === 'GET' && health !== undefined
        ? attempt(() => healthAnswer(pathname, health), { status: 500, body: JSON.stringify({ ok: false }) })
        : undefined;
    if (probe !== undefined) {
      res.writeHead(probe.status, { 'content-type': 'application/json' }).end(probe.body);
      return;
    }
    if (req.method !== 'POST' || pathname !== path) {
      if (options.web?.(req, res) !== true) res.writeHead(404).end();
      return;
    }
    handle(req, res).catch((err: unknown) => answerFailedRequest(err, res, logger, redact));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info({ port, path }, 'telegram webhook server listening');

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** A request that could not be handled: refused (413, 400) or failed (500), and logged. Never throws. */
export function answerFailedRequest(err: unknown, res: ServerResponse, logger: Logger, redact: Redactor): void {
  if (attempt(() => err instanceof RefusedBody, false)) return refuse(err as RefusedBody, res, logger);
  logger.error({ error: describeError(err, redact) }, 'webhook update failed');
  if (!res.headersSent) res.writeHead(500).end();
}

function refuse(err: RefusedBody, res: ServerResponse, logger: Logger): void {
  if (err.status === 413) logger.warn({ limitBytes: MAX_WEBHOOK_BODY_BYTES, reason: err.message }, 'webhook request too large; refused');
  else logger.warn({ reason: err.message }, 'webhook request is not an update; refused');
  if (res.headersSent) return;
  // The rest of a refused body is not read: the connection closes once the answer is out.
  res.once('finish', () => res.socket?.destroy());
  res.writeHead(err.status, { connection: 'close' }).end();
}
