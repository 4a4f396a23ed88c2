import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../src/domain/clock.js';
import { FeedMessageType } from '../../src/gtfs-format/realtime-schema.js';
import { demoGtfsFiles, zipGtfs } from '../../src/sim/gtfs-zip.js';
import type { SimNetwork } from '../../src/sim/network.js';
import { demoTripUpdates } from '../../src/sim/trip-updates.js';
import { demoVehiclePositions } from '../../src/sim/vehicle-positions.js';

// A local copy of STO's realtime portal, on 127.0.0.1, speaking its URL shape:
// /download.php?hash=<signature>&file=<trip|vehicule|alert>&key=<public key>. Each request's
// signature is checked against the minute it arrives in, on the portal's own clock (the uppercase
// hex SHA-256 of the private key followed by that UTC minute, YYYYMMDDTHHMMZ), written here apart
// from the bot's signer so that the one does not prove the other. A stale signature, a wrong one
// or a wrong key is refused, its error echoing the query (as a careless portal's would), with a
// 403 or, as some portals do, a 200 whose body is that text. The feeds are the demo network's
// (src/sim), its alerts STO-shaped: French first, English where STO gives it. /GTFS/GTFS.zip is
// the demo network's schedule.

export interface StoPortalOptions {
  /** The portal's clock: the minute each request arrives in. */
  now: Clock;
  network: SimNetwork;
  key: string;
  privateKey: string;
  /** How a refusal is answered: an HTTP 403, or a 200 whose body is the error text. Default: 403. */
  refusal?: 'forbidden' | 'text';
}

export interface PortalRequest {
  file: string;
  hash: string;
  accepted: boolean;
}

export interface StoPortal {
  url: string;
  /** Every realtime request, in order. */
  readonly requests: PortalRequest[];
  close(): Promise<void>;
}

/** The UTC minute as STO writes it, from the date's own fields. */
function minuteOf(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}T${two(at.getUTCHours())}${two(at.getUTCMinutes())}Z`;
}

const fr = (text: string) => ({ text, language: 'fr' });
const en = (text: string) => ({ text, language: 'en' });

/** Alerts as STO writes them: in French, in English too for some, on the demo network's route 95 and Laurier's platform. */
export const STO_ALERTS = [
  {
    id: 'sto-detour-95',
    alert: {
      informedEntity: [{ routeId: '95-184' }],
      cause: 10,
      effect: 4,
      headerText: { translation: [fr('Ligne 95 : détour rue Slater'), en('Route 95: detour on Slater St')] },
      descriptionText: { translation: [fr('Travaux sur la rue Albert.'), en('Road work on Albert St.')] },
    },
  },
  {
    id: 'sto-arret-laurier',
    alert: {
      informedEntity: [{ stopId: 'CD955' }],
      effect: 9,
      headerText: { translation: [fr('Arrêt Laurier déplacé de 50 m')] },
    },
  },
];

function alertsFeed(nowMs: number): Uint8Array {
  return FeedMessageType.encode(
    FeedMessageType.fromObject({
      header: { gtfsRealtimeVersion: '2.0', incrementality: 0, timestamp: Math.floor(nowMs / 1000) },
      entity: STO_ALERTS,
    }),
  ).finish();
}

export async function startStoPortal(options: StoPortalOptions): Promise<StoPortal> {
  const requests: PortalRequest[] = [];
  const zip = await zipGtfs(demoGtfsFiles(options.network));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/GTFS/GTFS.zip') {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(zip.length) });
      return void res.end(zip);
    }
    if (url.pathname !== '/download.php') {
      res.writeHead(404);
      return void res.end();
    }
    const file = url.searchParams.get('file') ?? '';
    const hash = url.searchParams.get('hash') ?? '';
    const at = options.now();
    const expected = createHash('sha256')
      .update(`${options.privateKey}${minuteOf(at)}`)
      .digest('hex')
      .toUpperCase();
    const accepted = hash === expected && url.searchParams.get('key') === options.key;
    requests.push({ file, hash, accepted });
    if (!accepted) {
      // The query echoed whole: a log that kept the answer would hold the key and the signature.
      const echo = `Erreur : signature invalide pour ${url.search} (hash=${hash}, key=${url.searchParams.get('key') ?? ''})`;
      res.writeHead(options.refusal === 'text' ? 200 : 403, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(echo);
    }
    const nowMs = at.getTime();
    const body =
      file === 'trip'
        ? demoTripUpdates(options.network, nowMs)
        : file === 'vehicule'
          ? demoVehiclePositions(options.network, nowMs)
          : file === 'alert'
            ? alertsFeed(nowMs)
            : undefined;
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end(`Fichier inconnu : ${file}`);
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.byteLength) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
