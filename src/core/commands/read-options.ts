import { readClockTime, readDays, readWindow } from './schedule-words.js';
import type { IdentifierProblem } from '../../domain/identifiers.js';
import { usage, type Reading, type Refusal } from '../command-request.js';
import { formatMinute } from '../../domain/local-minute.js';
import { formatDays, formatWindow } from './schedule-options.js';
import type { ReadContext } from '../read-context.js';
import type { ArgKind, ArgSpec, CommandSpec, Options } from './spec.js';

const ECHO_CHARS = 20;
/** A saved stop's name: one word of letters, digits, - or _, with a letter ("home", "work-2"). */
const LABEL = /^(?=.*\p{L})[\p{L}\p{M}\p{N}_-]{1,20}$/u;
const SUBSCRIPTION_ID = /^[a-z0-9]{4}$/;
/** A way typed after "to": a place's name, a few words. */
const DIRECTION_CHARS = 40;

/** A bit of the rider's input, safe and short enough to quote back. */
export function clip(text: string): string {
  const chars = [...text.replace(/[\p{Cc}\p{Cf}]/gu, '')];
  return chars.length > ECHO_CHARS ? `${chars.slice(0, ECHO_CHARS).join('')}…` : chars.join('');
}

export function isLabel(text: string): boolean {
  return LABEL.test(text);
}

/** A stop's name as riders type it: up to six words, a letter among them ("laurier", "palo alto", "st-laurent"). */
const STOP_NAME = /^(?=.*\p{L})[\p{L}\p{M}\p{N}_'’.&/-]+(?: [\p{L}\p{M}\p{N}_'’.&/-]+){0,5}$/u;
const STOP_NAME_CHARS = 40;

/** Words that may be a saved stop's name or a stop's own name, in the form they are looked up: "Palo  Alto" -> "palo alto". */
export function stopNameOf(text: string): string | undefined {
  const name = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return name.length <= STOP_NAME_CHARS && STOP_NAME.test(name) ? name : undefined;
}

/**
 * Named options -> the same options, checked and in canonical form ("r2" -> "R2"), or the usage
 * error a rider reads. Every entry (typed text, slash command, button, push) goes through here.
 */
export function readOptions(spec: CommandSpec, options: Options, ctx: ReadContext): Reading<Options> {
  const read: Record<string, string> = {};
  for (const arg of spec.args) {
    const given: unknown = Object.hasOwn(options, arg.name) ? options[arg.name] : undefined;
    // A value that is not text (a corrupt button, a stored push) is a wrong value, not a missing one.
    const raw = typeof given === 'string' ? given.trim() : given === undefined || given === null ? '' : '?';
    if (raw === '') {
      if (arg.required) return missingArg(spec, arg, read);
      continue;
    }
    const value = readArg(arg.kind, raw, ctx);
    if (!value.ok) return value;
    read[arg.name] = value.value;
  }
  return { ok: true, value: read };
}

function readArg(kind: ArgKind, raw: string, ctx: ReadContext): Reading<string> {
  switch (kind) {
    case 'stop': {
      const stop = ctx.identifiers.readStop(raw);
      // A name the chat saved a stop under, or a stop's name, is looked up when the command runs.
      const name = !stop.ok && stop.problem.kind === 'stop-not-stop' ? stopNameOf(raw) : undefined;
      if (name !== undefined) return { ok: true, value: name };
      return stop.ok ? stop : stopProblem(raw, stop.problem);
    }
    case 'route': {
      const route = ctx.identifiers.readRoute(raw);
      return route.ok ? route : usage('usage-route-bad', { route: clip(raw) });
    }
    case 'stop-or-name': {
      // A number is a stop (and a wrong number is said to be wrong); words are a name to search.
      const stop = ctx.identifiers.readStop(raw);
      if (stop.ok) return stop;
      return stop.problem.kind === 'stop-digits' ? stopProblem(raw, stop.problem) : { ok: true, value: raw.replace(/\s+/g, ' ') };
    }
    case 'language': {
      const locale = ctx.words.language(raw);
      return locale === undefined ? usage('usage-lang-bad') : { ok: true, value: locale };
    }
    case 'label':
      return isLabel(raw) ? { ok: true, value: raw.toLowerCase() } : usage('usage-label-bad');
    case 'time': {
      const minute = readClockTime(raw);
      return minute === undefined ? usage('usage-time-bad', { time: clip(raw) }) : { ok: true, value: formatMinute(minute) };
    }
    case 'days': {
      const days = readDays(raw, ctx.words.days);
      return days.ok ? { ok: true, value: formatDays(days.days) } : usage('usage-days-bad', { day: clip(days.unknown) });
    }
    case 'minutes': {
      const minutes = /^[0-9]{1,2}$/.test(raw) ? Number(raw) : NaN;
      return minutes >= 1 && minutes <= 60 ? { ok: true, value: String(minutes) } : usage('usage-minutes-bad', { minutes: clip(raw) });
    }
    case 'window': {
      const window = readWindow(raw);
      if (window.ok) return { ok: true, value: formatWindow(window.from, window.until) };
      return usage(window.problem === 'order' ? 'usage-window-order' : 'usage-window-bad', { window: clip(raw) });
    }
    case 'subscription-id': {
      const id = raw.toLowerCase();
      // A code first: a word for "all" of four letters ("todo") never hides an alert's code.
      if (SUBSCRIPTION_ID.test(id)) return { ok: true, value: id };
      return ctx.words.is('all', id) ? { ok: true, value: 'all' } : usage('subs-unknown-id', { id: clip(raw) });
    }
    case 'trip-start': {
      const start = /^([0-4][0-9]):?([0-5][0-9])$/.exec(raw);
      return start !== null && Number(start[1]) < 48 ? { ok: true, value: `${start[1]}${start[2]}` } : usage('usage-trip-bad', { trip: clip(raw) });
    }
    case 'channel':
      return /^@[A-Za-z0-9_]{4,32}$/.test(raw) ? { ok: true, value: raw } : usage('subscribe-channel-unknown', { channel: clip(raw) });
    case 'switch': {
      const on = ctx.words.switch(raw);
      return on === undefined ? usage('usage-pushes-bad') : { ok: true, value: on };
    }
    case 'page': {
      const page = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
      return page >= 1 ? { ok: true, value: String(page) } : usage('usage-page-bad', { page: clip(raw) });
    }
    case 'disruption-ref': {
      // A forged or mistyped one reads as a disruption no longer listed: both are simply not found.
      const ref = raw.toLowerCase();
      return /^[0-9a-f]{12}$/.test(ref) ? { ok: true, value: ref } : usage('disruption-gone');
    }
    case 'direction':
      return raw === '0' || raw === '1' ? { ok: true, value: raw } : usage('usage-direction-bad');
    case 'due-minute': {
      // A forged or mistyped one reads as a trip too long ago to report.
      return /^[0-9]{1,10}$/.test(raw) ? { ok: true, value: String(Number(raw)) } : usage('report-too-late', { routeNo: '' });
    }
    case 'way': {
      // Matched against the route's directions when the command runs; here only made safe to keep and quote.
      const words = raw
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .replace(/\s+/g, ' ')
        .trim();
      return words !== '' && [...words].length <= DIRECTION_CHARS ? { ok: true, value: words } : usage('near-direction-bad', { typed: clip(raw) });
    }
    case 'help-topic': {
      // A command's name stands for its group ("/help subscribe"): help.ts knows which that is.
      const word = raw.replace(/^\//, '');
      const value = ctx.words.topic(word) ?? ctx.words.command(word);
      return value === undefined ? usage('usage-help-topic-bad', { topic: clip(raw), command: 'help' }) : { ok: true, value };
    }
    case 'timezone': {
      const zone = canonicalZone(raw);
      return zone === undefined ? usage('usage-timezone-bad', { zone: clip(raw) }) : { ok: true, value: zone };
    }
  }
}

/** "america/toronto" -> "America/Toronto"; undefined for a zone the platform does not know. */
function canonicalZone(name: string): string | undefined {
  if (!/^[A-Za-z_+\-/0-9]{1,40}$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function stopProblem(raw: string, problem: IdentifierProblem): Refusal {
  return problem.kind === 'stop-digits'
    ? usage('usage-stop-digits', { stop: clip(raw), digits: problem.digits })
    : usage('usage-stop-not-number', { text: clip(raw) });
}

export function missingArg(spec: CommandSpec, arg: ArgSpec, given: Options = {}): Refusal {
  switch (arg.kind) {
    // "/where 3017": the stop is there, the route is what is missing.
    case 'route':
      return given.stop !== undefined
        ? usage('usage-route-missing-at', { command: spec.name, stop: given.stop })
        : usage('usage-route-missing', { example: spec.example });
    case 'language':
      return usage('usage-lang-bad');
    case 'time':
      return usage('usage-time-missing', { example: spec.example });
    case 'window':
      return usage('usage-window-missing');
    case 'subscription-id':
      return usage('usage-id-missing');
    default:
      return usage('usage-stop-missing', { example: spec.example });
  }
}

export function tooManyWords(spec: CommandSpec): Refusal {
  return usage('usage-too-many-words', { command: spec.name, example: spec.example });
}

/** The default reading of typed words: one word per argument, in the table's order. */
export function positionalOptions(spec: CommandSpec, words: string[]): Reading<Options> {
  if (words.length > spec.args.length && spec.ignoresExtraWords !== true) return tooManyWords(spec);
  const options: Record<string, string> = {};
  spec.args.forEach((arg, i) => {
    if (words[i] !== undefined) options[arg.name] = words[i];
  });
  return { ok: true, value: options };
}
