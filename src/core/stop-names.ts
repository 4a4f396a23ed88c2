import type { Reply, ReplyButton } from '../domain/reply.js';
import type { StopInfo } from '../domain/stop-index.js';
import type { CommandSpec, Options } from './commands/spec.js';
import { messageReply, shorten } from './format/text.js';
import { storeFailure, type HandlerContext } from './handler-context.js';

// A stop typed as words ("home", "laurier", "palo alto") is the name the chat saved a stop under,
// else a search of the stops' names: one stop found is the stop asked for, a few are offered as
// buttons that run the same request at each, none is said so. The answer names no other stop
// than those found (no "/save 3017 laurier" when 3017 is Baseline).

const OFFERED = 8;
const COUNTED = 100;

export type Resolved = { ok: true; value: Options } | { ok: false; reply: Reply };

/** Every stop option that is words, in place of the stop it names; the route a name took in ("palo alto") dropped. */
export async function resolveStopNames(spec: CommandSpec, options: Options, ctx: HandlerContext): Promise<Resolved> {
  const named = spec.args.filter((arg) => arg.kind === 'stop' && options[arg.name] !== undefined && !ctx.identifiers.readStop(options[arg.name]!).ok);
  if (named.length === 0) return { ok: true, value: options };
  let saved;
  try {
    saved = await ctx.savedStops.list(ctx.chat);
  } catch (err) {
    return { ok: false, reply: storeFailure(err, 'stops-failed', ctx) };
  }
  let resolved: Record<string, string> = { ...options };
  for (const arg of named) {
    const words = options[arg.name]!;
    const stop = saved.find((s) => s.label === words);
    if (stop !== undefined) {
      resolved[arg.name] = stop.stopNo;
      continue;
    }
    const found: Found = spec.savedStopsOnly === true ? { stops: [], words, options: (o) => ({ ...o }) } : search(words, resolved.route, ctx);
    if (found.stops.length === 1) {
      resolved = { ...found.options(resolved), [arg.name]: found.stops[0]!.code };
      continue;
    }
    if (found.stops.length > 1) return { ok: false, reply: choice(spec, arg.name, found.words, found.stops, found.options(resolved), ctx) };
    return { ok: false, reply: notFound(spec, words, ctx) };
  }
  return { ok: true, value: resolved };
}

interface Found {
  stops: StopInfo[];
  /** The name the stops were found by, as the rider's choice is titled. */
  words: string;
  options: (o: Options) => Record<string, string>;
}

/**
 * The stops named by the words, and by the words with the route beside them ("/next palo alto"
 * reads "alto" as a route: as a name, "palo alto" is a station): the longer name first.
 */
function search(words: string, route: string | undefined, ctx: HandlerContext): Found {
  const keep = (o: Options) => ({ ...o });
  if (ctx.stops === undefined) return { stops: [], words, options: keep };
  if (route !== undefined && !/^[0-9]+$/.test(route)) {
    const name = `${words} ${route}`;
    const whole = ctx.stops.search(name, COUNTED);
    if (whole.length > 0) return { stops: whole, words: name, options: ({ route: _, ...rest }) => rest };
  }
  return { stops: ctx.stops.search(words, COUNTED), words, options: keep };
}

function choice(spec: CommandSpec, argName: string, words: string, stops: StopInfo[], options: Options, ctx: HandlerContext): Reply {
  const shown = stops.slice(0, OFFERED);
  const labels = shown.map((s) => ctx.say('button-stop', { stopNo: s.code, name: shorten(s.name, 40) }));
  const more = stops.length - shown.length;
  const buttons: ReplyButton[] = shown.map((s, i) => ({
    label: labels[i]!,
    command: { name: spec.name, options: { ...options, [argName]: s.code } },
    effect: 'reply',
  }));
  return {
    title: ctx.say('stop-name-choice-title', { words: shorten(words, 40) }),
    blocks: [{ lines: more > 0 ? [...labels, ctx.say('stop-search-more', { count: more })] : labels }],
    buttons: [buttons],
    kind: 'answer',
  };
}

function notFound(spec: CommandSpec, words: string, ctx: HandlerContext): Reply {
  const label = shorten(words, 40);
  if (spec.unknownStopNameId !== undefined) return messageReply('usage-error', ctx.say(spec.unknownStopNameId, { stop: label }));
  return messageReply('usage-error', ctx.say(ctx.stops === undefined ? 'usage-saved-unknown' : 'usage-stop-name-unknown', { label }));
}
