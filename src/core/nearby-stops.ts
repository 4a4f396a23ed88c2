import { nextButton } from './format/buttons.js';
import { messageReply } from './format/text.js';
import { stopName } from './format/names.js';
import type { HandlerContext } from './handler-context.js';
import { unsearchableStops } from './unsearchable-stops.js';
import type { Reply } from '../domain/reply.js';

const NEARBY_LIMIT = 5;
const NEARBY_METERS = 1000;

/** A shared location: the closest stops within walking distance, each a button for its arrivals. */
export function nearbyStops(point: { lat: number; lon: number }, ctx: HandlerContext): Reply {
  const { lat, lon } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return messageReply('usage-error', ctx.say('location-bad'));
  }
  if (ctx.stops === undefined) return messageReply('failure', ctx.say('location-no-index'));
  // A feed without a schedule has no stops to offer: said, rather than "no stop within 1000 m".
  const unsearchable = unsearchableStops(ctx);
  if (unsearchable.nothingToSearch) return { kind: 'failure', blocks: [{ lines: unsearchable.lines }] };
  const gaps = unsearchable.lines.length > 0 ? [{ lines: unsearchable.lines }] : [];
  const near = ctx.stops.nearest(lat, lon, { limit: NEARBY_LIMIT, withinMeters: NEARBY_METERS });
  if (near.length === 0) return { kind: 'answer', blocks: [{ lines: [ctx.say('location-none', { meters: NEARBY_METERS })] }, ...gaps] };
  const lines = near.map(({ stop, meters }) =>
    ctx.say('location-line', { stopNo: stop.code, name: stopName(stop.name, stop.code, 40), meters: Math.round(meters) }),
  );
  return {
    title: ctx.say('location-title'),
    blocks: [{ lines }, ...gaps],
    buttons: [near.map(({ stop }) => nextButton(ctx.say('button-stop', { stopNo: stop.code, name: stopName(stop.name, stop.code, 30) }), stop.code))],
    kind: 'answer',
  };
}
