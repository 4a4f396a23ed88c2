import type { StopArrivals } from '../domain/arrivals.js';
import type { Reply } from '../domain/reply.js';
import type { StopDetails } from '../domain/transit-source.js';
import { saveButton } from './format/buttons.js';
import { formatRouteSummary } from './format/route-summary.js';
import { unconfirmedLines } from './format/unconfirmed.js';
import { messageReply } from './format/text.js';
import { stopName } from './format/names.js';
import { isAmbiguousStop, isUnknownStop, transitFailure, type HandlerContext } from './handler-context.js';

function mapLink(lat: number, lon: number): string {
  const la = lat.toFixed(5);
  const lo = lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=18/${la}/${lo}`;
}

/** /stop <stop>: name, location with a map link, and the routes serving it. */
export async function stopDetails(asked: string, ctx: HandlerContext): Promise<Reply> {
  const [details, summary] = await Promise.allSettled([ctx.transit.stopDetails(asked), ctx.transit.routeSummary(asked)]);
  // A code several feeds have: which network, as every command asks (never one agency's place
  // beside "couldn't get the routes").
  const ambiguous = [details, summary].find((s) => s.status === 'rejected' && isAmbiguousStop(s.reason));
  if (ambiguous?.status === 'rejected') return transitFailure(ambiguous.reason, { stopNo: asked }, ctx);
  const known: StopDetails | undefined = details.status === 'fulfilled' ? details.value : undefined;
  // As the source names it ("oc:3017" with several feeds), so its buttons ask the same agency again.
  const stopNo = (summary.status === 'fulfilled' ? summary.value.stopNo : undefined) ?? known?.stopNo ?? asked;
  const indexed = ctx.stops?.byCode(stopNo)[0];
  const at = known?.position ?? (indexed !== undefined ? { lat: indexed.lat, lon: indexed.lon } : undefined);

  if (summary.status === 'rejected' && known === undefined && indexed === undefined) {
    return isUnknownStop(summary.reason) || isUnknownStop(details.status === 'rejected' ? details.reason : undefined)
      ? messageReply('failure', ctx.say('stop-not-found', { stopNo }))
      : transitFailure(summary.reason, { stopNo }, ctx);
  }

  // The route summary and the stop index name the stop as a whole ("BASELINE STATION",
  // "BASELINE"); a source's details may name one platform ("BASELINE 1B").
  const name = (summary.status === 'fulfilled' ? summary.value.stopName : '') || ctx.stops?.nameOf(stopNo) || known?.name || stopNo;
  const where =
    at !== undefined
      ? [ctx.say('stop-location', { lat: at.lat.toFixed(5), lon: at.lon.toFixed(5) }), ctx.say('stop-map', { url: mapLink(at.lat, at.lon) })]
      : [];
  const routes = summary.status === 'fulfilled' ? routesPart(summary.value, ctx) : { lines: [ctx.say('stop-routes-unknown')], buttons: [] };
  // Another agency that may have this code but could not say is named first (several feeds).
  const answeredAs = known?.stopNo ?? (summary.status === 'fulfilled' ? summary.value.stopNo : stopNo);
  const unconfirmed = unconfirmedLines(
    known?.unconfirmed ?? (summary.status === 'fulfilled' ? summary.value.unconfirmed : undefined),
    answeredAs,
    ctx.say,
  );
  return {
    title: ctx.say('stop-title', { stopName: stopName(name, stopNo, 60) || stopNo, stopNo }),
    blocks: [
      ...(unconfirmed.length > 0 ? [{ lines: unconfirmed }] : []),
      ...(where.length > 0 ? [{ lines: where }] : []),
      { heading: ctx.say('stop-routes-heading'), lines: routes.lines },
    ],
    buttons: [[saveButton(stopNo, ctx.say)], ...routes.buttons],
    kind: 'answer',
  };
}

function routesPart(summary: StopArrivals, ctx: HandlerContext) {
  const { unconfirmed: _said, ...routes } = summary;
  const reply = formatRouteSummary(routes, ctx.say);
  return { lines: reply.blocks.flatMap((b) => b.lines), buttons: reply.buttons ?? [] };
}
