import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock.js';
import type { Locale } from '../domain/locale.js';
import type { SavedStopsRepository } from '../domain/store-ports.js';
import { isAboutTheQuestion, isTransitError } from '../domain/transit-error.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { Logger } from '../log.js';
import { attempt } from '../util/attempt.js';
import { errorLine } from '../util/error-line.js';
import { freshMaps } from './fresh-maps.js';
import { checkInitData } from './init-data.js';
import { mapAnswer, type MapTiles, type Say } from './map-answer.js';

// The live map's requests, under /map so that it can be served beside other paths: the page and
// its two files, the route's public JSON (GET /map/api/route?route=95&stop=3017&lang=fr), and the
// rider's own (POST /map/api/rider with a Mini App's initData as the body), answered only once
// Telegram's signature and its age are checked. Returns false for a path that is not the map's.

export interface WebDeps {
  transit: TransitSource;
  /** A Fluent message in a language (the core's Speaking.t). */
  t: (locale: Locale, id: string, args?: Record<string, string | number>) => string;
  /** A browser's or Telegram's language code -> the bot's closest language. */
  localeFromCode: (code: unknown) => Locale;
  /** The riders' saved stops, shown to a rider whose initData checks out. */
  savedStops?: SavedStopsRepository;
  /** The Telegram bot's token, the key of the initData check; absent: nothing tied to a rider is ever shown. */
  botToken?: string;
  initDataMaxAgeSeconds: number;
  tiles?: MapTiles;
  pollSeconds: number;
  /** How long one reading of a route serves every page asking. Default 2 s. */
  keepMs?: number;
  now: Clock;
  logger: Logger;
}

export const MAP_PATH = '/map';

const PAGE_FILES: Record<string, { file: string; type: string }> = {
  [MAP_PATH]: { file: 'index.html', type: 'text/html; charset=utf-8' },
  [`${MAP_PATH}/app.js`]: { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  [`${MAP_PATH}/app.css`]: { file: 'app.css', type: 'text/css; charset=utf-8' },
};

/** The page's files, beside this module in src/ and in dist/ alike (scripts/build.js copies them). */
const PAGE_FOLDER = new URL('./page/', import.meta.url);

/** initData is a few hundred bytes; a body past this is no Mini App's. */
const MAX_BODY_BYTES = 16 * 1024;

export type WebHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createWebHandler(deps: WebDeps): WebHandler {
  const files = new Map(Object.entries(PAGE_FILES).map(([path, { file, type }]) => [path, { body: readFileSync(new URL(file, PAGE_FOLDER)), type }]));
  const maps = freshMaps(deps.transit, deps.keepMs ?? 2000, () => deps.now().getTime());
  const tileOrigin = deps.tiles !== undefined ? attempt(() => new URL(deps.tiles!.url.replace(/[{}]/g, '')).origin, '') : '';
  // The page loads nothing but its own files and, when set, the tiles; Telegram shows it in a frame.
  const policy = `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:${tileOrigin !== '' ? ` ${tileOrigin}` : ''}; base-uri 'none'; form-action 'none'`;

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  }

  async function routeAnswer(url: URL, res: ServerResponse): Promise<void> {
    const locale = deps.localeFromCode(url.searchParams.get('lang') ?? undefined);
    const say: Say = (id, args) => deps.t(locale, id, args);
    const route = deps.transit.identifiers.readRoute(url.searchParams.get('route') ?? '');
    const stopText = url.searchParams.get('stop');
    const stop = stopText === null || stopText.trim() === '' ? undefined : deps.transit.identifiers.readStop(stopText);
    if (!route.ok || (stop !== undefined && !stop.ok))
      return json(res, 400, { error: 'bad-request', text: say('map-refused', { route: url.searchParams.get('route') ?? '' }) });
    if (deps.transit.routeMap === undefined) return json(res, 404, { error: 'no-maps', text: say('map-refused', { route: route.value }) });
    try {
      const { map, disruptions } = await maps(route.value, stop?.ok === true ? stop.value : undefined);
      const profile = deps.transit.profile();
      json(
        res,
        200,
        mapAnswer({
          map,
          disruptions,
          riderStop: stop?.ok === true ? stop.value : undefined,
          locale,
          say,
          timeZone: profile.timeZone,
          now: deps.now(),
          pollSeconds: deps.pollSeconds,
          tiles: deps.tiles,
          attributions: profile.attributions ?? [],
        }),
      );
    } catch (err) {
      if (isAboutTheQuestion(err))
        return json(res, 404, { error: isTransitError(err) ? err.kind : 'refused', text: say('map-refused', { route: route.value }) });
      deps.logger.warn({ error: errorLine(err) }, 'live map: the route could not be read');
      json(res, 503, { error: 'unavailable', text: say('map-unavailable') });
    }
  }

  async function riderAnswer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (body === undefined) return json(res, 413, { error: 'too-large' });
    if (deps.botToken === undefined) return json(res, 404, { error: 'no-mini-app' });
    const check = checkInitData(body, deps.botToken, deps.now(), deps.initDataMaxAgeSeconds);
    // Why it was refused is the operator's; the page only learns that it was.
    if (!check.ok) {
      deps.logger.info({ why: check.why }, 'live map: Mini App data refused');
      return json(res, 401, { error: 'refused' });
    }
    const saved = deps.savedStops === undefined ? [] : await deps.savedStops.list({ platform: 'telegram', chatId: check.rider.userId });
    json(res, 200, {
      savedStops: saved.map((s) => ({ stop: s.stopNo, name: s.label ?? s.name ?? deps.transit.identifiers.display?.(s.stopNo) ?? s.stopNo })),
    });
  }

  function answer(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const file = files.get(url.pathname);
    if (file !== undefined) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
      res.writeHead(200, {
        'content-type': file.type,
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      return void res.end(req.method === 'HEAD' ? undefined : file.body);
    }
    const failed = (err: unknown) => {
      deps.logger.warn({ error: errorLine(err) }, 'live map request failed');
      if (!res.headersSent) json(res, 500, { error: 'internal' });
    };
    if (url.pathname === `${MAP_PATH}/api/route`) {
      if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end();
      return void routeAnswer(url, res).catch(failed);
    }
    if (url.pathname === `${MAP_PATH}/api/rider`) {
      if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
      return void riderAnswer(req, res).catch(failed);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  }

  return (req, res) => {
    const url = attempt(() => new URL(req.url ?? '/', 'http://localhost'), undefined);
    if (url === undefined || (url.pathname !== MAP_PATH && !url.pathname.startsWith(`${MAP_PATH}/`))) return false;
    answer(req, res, url);
    return true;
  };
}

/** The body as text, or undefined past the cap (the rest is not read). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
