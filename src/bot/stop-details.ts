import type { GtfsRecord, StopArrivals } from '../sources/octranspo-v12/index.js';
import { saveButton } from './format/buttons.js';
import { formatRouteSummary } from './format/route-summary.js';
import { messageReply, shorten } from './format/text.js';
import { isUnknownStop, transitFailure, type HandlerContext } from './handler-context.js';
import type { Reply } from '../domain/reply.js';

function mapLink(lat: number, lon: number): string {
  const la = lat.toFixed(5);
  const lo = lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=18/${la}/${lo}`;
}

/** /stop <stop>: name, location with a map link, and the routes serving it. */
export async function stopDetails(stopNo: string, ctx: HandlerContext): Promise<Reply> {
  // One stop code covers several platforms; the first record stands for the stop.
  const [records, summary] = await Promise.allSettled([
    ctx.transit.gtfs({ table: 'stops', column: 'stop_code', value: stopNo }),
    ctx.transit.routeSummary(stopNo),
  ]);
  const record = records.status === 'fulfilled' ? records.value[0] : undefined;
  const indexed = ctx.stops?.byCode(stopNo)[0];
  const at = coordinates(record) ?? (indexed !== undefined ? { lat: indexed.lat, lon: indexed.lon } : undefined);

  if (summary.status === 'rejected' && record === undefined && indexed === undefined) {
    return isUnknownStop(summary.reason) || records.status === 'fulfilled'
      ? messageReply('failure', ctx.say('stop-not-found', { stopNo }))
      : transitFailure(summary.reason, { stopNo }, ctx);
  }

  // The API and the stop index name the stop as a whole ("BASELINE STATION", "BASELINE"); a GTFS
  // record names one platform ("BASELINE 1B").
  const name = (summary.status === 'fulfilled' ? summary.value.stopName : '') || ctx.stops?.nameOf(stopNo) || record?.stop_name || stopNo;
  const where =
    at !== undefined
      ? [ctx.say('stop-location', { lat: at.lat.toFixed(5), lon: at.lon.toFixed(5) }), ctx.say('stop-map', { url: mapLink(at.lat, at.lon) })]
      : [];
  const routes = summary.status === 'fulfilled' ? routesPart(summary.value, ctx) : { lines: [ctx.say('stop-routes-unknown')], buttons: [] };
  return {
    title: ctx.say('stop-title', { stopName: shorten(name, 60), stopNo }),
    blocks: [...(where.length > 0 ? [{ lines: where }] : []), { heading: ctx.say('stop-routes-heading'), lines: routes.lines }],
    buttons: [[saveButton(stopNo, ctx.say)], ...routes.buttons],
    kind: 'answer',
  };
}

function coordinates(record: GtfsRecord | undefined): { lat: number; lon: number } | undefined {
  // Empty columns come as "" (null), which Number() would turn into 0, in the Atlantic.
  if (record === undefined || !record.stop_lat?.trim() || !record.stop_lon?.trim()) return undefined;
  const lat = Number(record.stop_lat);
  const lon = Number(record.stop_lon);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : undefined;
}

function routesPart(summary: StopArrivals, ctx: HandlerContext) {
  const reply = formatRouteSummary(summary, ctx.say);
  return { lines: reply.blocks.flatMap((b) => b.lines), buttons: reply.buttons ?? [] };
}
