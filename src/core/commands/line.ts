import type { LineDirection, LineVehicle, RouteLine } from '../../domain/route-line.js';
import type { ButtonGroup, Reply, ReplyBlock, ReplyImage } from '../../domain/reply.js';
import { clockTime } from '../format/clock-time.js';
import { nextButton } from '../format/buttons.js';
import { lineStrip } from '../format/line-strip.js';
import { lineSvg, pictureHeight, PICTURE_WIDTH, type PictureWords } from '../format/line-picture.js';
import { headingWithoutRoute } from '../format/names.js';
import { messageReply, shorten, type Say } from '../format/text.js';
import { deviationNote, trustLegend, trustMark } from '../format/trust.js';
import { transitFailure, type HandlerContext } from '../handler-context.js';
import { tooManyWords } from './read-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import type { Reading } from '../command-request.js';
import { UNKNOWN_BUS, type Trip } from '../../domain/arrivals.js';

/** Buses listed in words under each direction (the picture shows them all). */
const LISTED_BUSES = 4;
const MAX_HEADING_CHARS = 40;

/**
 * /line <route> or /line <stop> <route>, and the 🛤 buttons: the route drawn as a line of its
 * stops per direction with every bus on it, each with its minutes to the rider's stop. A picture
 * where the platform shows one (the core draws the SVG, drawPng makes it a PNG), a text strip in
 * the terminal; both directions unless a button picked one.
 */
const spec: CommandSpec = {
  name: 'line',
  // Discord lists required options first: the route, then the stop.
  args: [
    { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    { name: 'stop', kind: 'stop', required: false, labelId: 'arg-stop' },
    { name: 'direction', kind: 'direction', required: false, labelId: 'arg-direction', textOnly: true },
  ],
  helpId: 'command-line',
  descriptionId: 'command-line.description',
  example: '/line {stop} {route}',
  asksTransit: true,
};

export const line: CommandModule = {
  spec,

  // "/line 95": the route alone; "/line 3017 95" or "/line home 95": the stop first, the route last.
  wordsToOptions(words: string[]): Reading<Options> {
    if (words.length === 0) return { ok: true, value: {} };
    if (words.length === 1) return { ok: true, value: { route: words[0]! } };
    const route = words.at(-1)!;
    const stop = words.slice(0, -1).join(' ');
    if (stop.length > 60) return tooManyWords(spec);
    return { ok: true, value: { stop, route } };
  },

  optionsToWords(options: Options): string[] {
    return [...(options.stop !== undefined ? [options.stop] : []), ...(options.route !== undefined ? [options.route] : [])];
  },

  async run(options, ctx) {
    const routeNo = options.route!;
    const stopNo = options.stop;
    if (ctx.transit.routeLine === undefined) return messageReply('failure', ctx.say('line-not-drawable', { routeNo }));
    try {
      const drawn = await ctx.transit.routeLine(routeNo, stopNo);
      if (drawn === undefined) return messageReply('failure', ctx.say('line-not-drawable', { routeNo }));
      const picked = drawn.directions.filter((d) => options.direction !== undefined && String(d.directionId) === options.direction);
      const directions = (picked.length > 0 ? picked : drawn.directions).filter((d) => d.stops.length > 0);
      if (directions.length === 0) return messageReply('answer', ctx.say('line-no-stops', { routeNo: drawn.routeNo }));
      return await lineReply(drawn, directions, options, ctx);
    } catch (err) {
      return transitFailure(err, { routeNo, ...(stopNo !== undefined ? { stopNo } : {}) }, ctx);
    }
  },
};

async function lineReply(drawn: RouteLine, directions: readonly LineDirection[], options: Options, ctx: HandlerContext): Promise<Reply> {
  const { say } = ctx;
  const headings = directions.map((d) => say('line-heading', { routeNo: drawn.routeNo, heading: headingOf(drawn, d) }));
  const strips = directions.map((d) => lineStrip(d, drawn.stopNo));
  const blocks: ReplyBlock[] = directions.map((d, i) => ({ heading: headings[i]!, lines: busLines(d, say, drawn.noVehiclePositions === true) }));
  const drawnHeadings = directions.map((d) => ({ routeNo: drawn.routeNo, heading: headingOf(drawn, d) }));
  const image = ctx.drawPng === undefined ? undefined : await picture(drawn, directions, { headings, drawnHeadings, strips }, ctx);
  // The strip under each heading: the drawing where no picture shows (the terminal), its text beside one.
  blocks.forEach((block, i) => block.lines.unshift(strips[i]!));
  const trips = directions.flatMap((d) => d.vehicles.flatMap((v) => (v.toRider === undefined ? [] : [asTrip(v)])));
  const legend = trustLegend(trips, say, drawn.noVehiclePositions === true);
  const footer = [...(legend !== undefined ? [legend] : []), say('arrivals-updated', { clock: clockTime(ctx.now, drawn.timeZone) })];
  return {
    title: say('line-title', { routeNo: drawn.routeNo }),
    blocks,
    footer,
    buttons: buttonsOf(drawn, directions, options, say),
    kind: 'answer',
    ...(image !== undefined ? { image } : {}),
  };
}

async function picture(
  drawn: RouteLine,
  directions: readonly LineDirection[],
  { headings, drawnHeadings, strips }: { headings: string[]; drawnHeadings: PictureWords['headings']; strips: string[] },
  ctx: HandlerContext,
): Promise<ReplyImage | undefined> {
  const { say } = ctx;
  const words: PictureWords = {
    headings: drawnHeadings,
    minutes: (v) => (v.toRider === undefined || v.passed === true ? undefined : say('arrivals-minutes', { minutes: v.toRider.minutesAway })),
    gap: (v) => {
      const minutes = v.toRider?.delaySeconds === undefined ? 0 : Math.round(v.toRider.delaySeconds / 60);
      return minutes === 0 ? undefined : minutes > 0 ? `+${minutes}` : `−${-minutes}`;
    },
    legend: {
      tracked: say('line-legend-tracked'),
      predicted: say('line-legend-predicted'),
      estimated: say('line-legend-estimated'),
      scheduled: say('line-legend-scheduled'),
      rider: say('line-legend-rider'),
      skipped: say('line-legend-skipped'),
    },
    noVehicles: say('line-no-buses'),
  };
  try {
    const png = await ctx.drawPng!(lineSvg(directions, words));
    const alt = directions.flatMap((_, i) => [headings[i]!, strips[i]!]);
    return { png, alt, fileName: 'line.png', width: PICTURE_WIDTH, height: pictureHeight(directions.length) };
  } catch (err) {
    // The words and the strip still answer: a picture that cannot be drawn is logged, not a failure.
    ctx.logger?.warn({ err }, 'line picture not drawn');
    return undefined;
  }
}

function headingOf(drawn: RouteLine, direction: LineDirection): string {
  return shorten(headingWithoutRoute(direction.heading, drawn.routeNo) || direction.stops.at(-1)?.name || '', MAX_HEADING_CHARS);
}

/** The buses coming to the rider's stop, soonest first, in the board's words; else how many run. */
function busLines(direction: LineDirection, say: Say, noPositions: boolean): string[] {
  const coming = direction.vehicles.filter((v) => v.toRider !== undefined && v.passed !== true);
  coming.sort((a, b) => a.toRider!.minutesAway - b.toRider!.minutesAway);
  const lines = coming.slice(0, LISTED_BUSES).map((v) => {
    const trip = asTrip(v);
    const note = deviationNote(trip, say);
    return say('line-bus', {
      when: say('arrivals-minutes', { minutes: trip.minutesAway }),
      mark: trustMark(trip, say),
      note: note === undefined ? '' : ` · ${note}`,
      stops: stopsBefore(direction, v),
    });
  });
  if (lines.length === 0) lines.push(noPositions ? say('line-no-positions') : say('line-buses', { count: direction.vehicles.length }));
  return lines;
}

/** Whole stops between a bus and the rider's stop. */
function stopsBefore(direction: LineDirection, vehicle: LineVehicle): number {
  const rider = direction.stops.findIndex((s) => s.rider === true);
  return rider === -1 ? 0 : Math.max(0, Math.ceil(rider - vehicle.at));
}

function asTrip(vehicle: LineVehicle): Trip {
  return {
    destination: '',
    startTime: '',
    lastTrip: false,
    bus: UNKNOWN_BUS,
    ...vehicle.toRider!,
  };
}

function buttonsOf(drawn: RouteLine, directions: readonly LineDirection[], options: Options, say: Say): ButtonGroup[] {
  const stop: Record<string, string> = drawn.stopNo !== undefined ? { stop: drawn.stopNo } : {};
  const refresh = { label: say('button-refresh'), command: { name: 'line' as const, options: { ...options } }, effect: 'reply' as const };
  const groups: ButtonGroup[] = [[refresh, ...(drawn.stopNo !== undefined ? [nextButton(say('button-arrivals'), drawn.stopNo, drawn.routeNo)] : [])]];
  // Both directions drawn: one button each, to see one alone (larger, its own stops).
  if (directions.length > 1) {
    groups.push(
      directions
        .filter((d) => d.directionId !== undefined)
        .map((d) => ({
          label: say('button-line-direction', { heading: shorten(headingOf(drawn, d), 20) }),
          command: { name: 'line' as const, options: { route: drawn.routeNo, ...stop, direction: String(d.directionId) } },
          effect: 'reply' as const,
        })),
    );
  }
  return groups;
}
