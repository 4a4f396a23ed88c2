import type { IdentifierGrammar, IdentifierProblem } from '../../transit/identifiers.js';
import { usage, type Reading, type Refusal } from '../command-request.js';
import { languageNamed } from '../language-names.js';
import type { ArgKind, ArgSpec, CommandSpec, Options } from './spec.js';

/** What reading arguments needs: the transit source's identifier grammar. */
export interface ReadContext {
  identifiers: IdentifierGrammar;
}

const ECHO_CHARS = 20;

/** A bit of the rider's input, safe and short enough to quote back. */
export function clip(text: string): string {
  const chars = [...text.replace(/[\p{Cc}\p{Cf}]/gu, '')];
  return chars.length > ECHO_CHARS ? `${chars.slice(0, ECHO_CHARS).join('')}…` : chars.join('');
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
      if (arg.required) return missingArg(spec, arg);
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
      const locale = languageNamed(raw);
      return locale === undefined ? usage('usage-lang-bad') : { ok: true, value: locale };
    }
  }
}

export function stopProblem(raw: string, problem: IdentifierProblem): Refusal {
  return problem.kind === 'stop-digits' ? usage('usage-stop-digits', { stop: clip(raw), digits: problem.digits }) : usage('usage-stop-not-number', { text: clip(raw) });
}

export function missingArg(spec: CommandSpec, arg: ArgSpec): Refusal {
  return arg.kind === 'language' ? usage('usage-lang-bad') : usage('usage-stop-missing', { example: spec.example });
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
