import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultPlan } from './faults.js';
import { demoGtfsFiles, zipGtfs } from './gtfs-zip.js';
import type { SimNetwork } from './network.js';
import { demoTripUpdates, type TripChanges } from './trip-updates.js';
import { demoDisruptions } from './disruptions.js';
import { demoVehiclePositions } from './vehicle-positions.js';

// The GTFS side of the local server: /gtfs/static.zip (the demo network as a static GTFS zip,
// with an ETag and Last-Modified, answering 304 when unchanged), /gtfs-rt/trip-updates and
// /gtfs-rt/vehicle-positions (GTFS-Realtime protobuf, behind the same subscription header as
// OC Transpo's, and subject to the fault plan like the v1.2 operations), and /gtfs-rt/alerts (the
// demo disruptions as Service Alerts, behind the same header and faults).

export const GTFS_ZIP_PATH = '/gtfs/static.zip';
export const TRIP_UPDATES_PATH = '/gtfs-rt/trip-updates';
export const VEHICLE_POSITIONS_PATH = '/gtfs-rt/vehicle-positions';
export const ALERTS_PATH = '/gtfs-rt/alerts';
export const SUBSCRIPTION_HEADER = 'ocp-apim-subscription-key';
/** A fixed date: the zip's bytes never change for one network. */
const LAST_MODIFIED = 'Wed, 01 Jan 2025 00:00:00 GMT';

export function isGtfsPath(path: string): boolean {
  return path === GTFS_ZIP_PATH || path === TRIP_UPDATES_PATH || path === VEHICLE_POSITIONS_PATH || path === ALERTS_PATH;
}

interface Context {
  network: SimNetwork;
  nowMs: number;
  apiKey: string;
  faults: FaultPlan;
  log: Record<string, unknown>;
  /** The Alert entities /gtfs-rt/alerts serves. */
  disruptions: readonly unknown[];
  /** What the trip updates say of chosen trips (cancelled, dropped, skipping a stop). */
  tripChanges?: TripChanges;
}

const zips = new WeakMap<SimNetwork, Promise<{ bytes: Buffer; etag: string }>>();

function zipOf(network: SimNetwork) {
  let zip = zips.get(network);
  if (zip === undefined) {
    zip = zipGtfs(demoGtfsFiles(network)).then((bytes) => ({ bytes, etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"` }));
    zips.set(network, zip);
  }
  return zip;
}

function reply(res: ServerResponse, status: number, type: string, body: Uint8Array | string, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  res.writeHead(status, { ...headers, 'content-type': type, 'content-length': String(bytes.length) });
  res.end(bytes);
}

export async function serveGtfs(req: IncomingMessage, res: ServerResponse, path: string, context: Context): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, 'text/plain', 'Method not allowed: use GET', { allow: 'GET' });
  if (path === GTFS_ZIP_PATH) {
    const zip = await zipOf(context.network);
    const validators = { etag: zip.etag, 'last-modified': LAST_MODIFIED };
    if (req.headers['if-none-match'] === zip.etag) return reply(res, 304, 'application/zip', '', validators);
    return reply(res, 200, 'application/zip', zip.bytes, validators);
  }
  context.log.operation = path === ALERTS_PATH ? 'Alerts' : path === VEHICLE_POSITIONS_PATH ? 'VehiclePositions' : 'TripUpdates';
  if (req.headers[SUBSCRIPTION_HEADER] !== context.apiKey) {
    return reply(res, 401, 'application/json', '{ "statusCode": 401, "message": "Access denied due to invalid subscription key." }');
  }
  const body =
    path === ALERTS_PATH
      ? demoDisruptions(context.nowMs, context.disruptions)
      : path === VEHICLE_POSITIONS_PATH
        ? demoVehiclePositions(context.network, context.nowMs)
        : demoTripUpdates(context.network, context.nowMs, context.tripChanges);
  const fault = context.faults.take();
  if (fault === undefined) return reply(res, 200, 'application/x-protobuf', body);
  if (fault.latencyMs > 0) await sleep(fault.latencyMs);
  context.log.fault = fault.failure;
  switch (fault.failure) {
    case undefined:
      return reply(res, 200, 'application/x-protobuf', body);
    case 'reset':
      return void res.socket?.destroy();
    case 'truncated':
      return reply(res, 200, 'application/x-protobuf', body.subarray(0, Math.floor(body.length / 2)));
    case 'html':
      return reply(res, 200, 'text/html', '<!DOCTYPE html><html><body><h1>Service Unavailable</h1></body></html>');
    case 'plain-text':
      return reply(res, 200, 'text/plain', 'The service is temporarily unavailable.');
    case 'error-2':
      return reply(res, 503, 'text/plain', 'Service Unavailable');
    case 'http-500':
      return reply(res, 500, 'text/plain', 'Internal Server Error');
  }
}
