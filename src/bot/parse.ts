import type { ChatContext } from './chat.js';
import { commandSpec, findCommand, type CommandName, type CommandSpec } from './commands.js';
import type { Locale } from './core.js';
import type { MessageArgs } from './i18n.js';

/** What a rider asked for, once understood. Stop numbers are always 4 digits, routes upper-case. */
export type Command =
  | { name: 'next'; stopNo: string; routeNo?: string }
  | { name: 'routes'; stopNo: string }
  | { name: 'stop'; stopNo: string }
  | { name: 'find-stop'; words: string }
  | { name: 'save'; stopNo: string }
  | { name: 'stops' }
  | { name: 'lang'; locale: Locale }
  | { name: 'help' }
  | { name: 'start' };

/** Why the input was refused: a Fluent id (a `usage-*` message) and its variables. */
export interface UsageError {
  id: string;
  args: MessageArgs;
}

export type ParseResult = { ok: true; command: Command } | { ok: false; usage: UsageError };

const MAX_INPUT_CHARS = 200;
const ECHO_CHARS = 20;

const STOP = /^[0-9]{4}$/;
const DIGITS = /^[0-9]+$/;
// 95, 6, R2, 61A: one or two letters around at most three digits.
const ROUTE = /^[A-Za-z]{0,2}[0-9]{1,3}[A-Za-z]?$/;
// A Map, not an object: "/lang constructor" must not find Object.prototype.constructor.
const LANGUAGES = new Map<string, Locale>([
  ['en', 'en'], ['english', 'en'], ['anglais', 'en'],
  ['fr', 'fr'], ['french', 'fr'], ['français', 'fr'], ['francais', 'fr'],
]);

const usage = (id: string, args: MessageArgs = {}): ParseResult => ({ ok: false, usage: { id, args } });
const ok = (command: Command): ParseResult => ({ ok: true, command });

/**
 * Text -> a command, a usage error in words the rider understands, or null when the bot should
 * stay silent (bare text in a group, a command for another bot, an unknown command in a group).
 * Never throws, whatever the input.
 */
export function parseInput(text: string, chat: Pick<ChatContext, 'chatType' | 'botUsername'>): ParseResult | null {
  const tokens = tokenize(text);
  const first = tokens[0];
  const isCommand = first !== undefined && first.startsWith('/');
  const inPrivate = chat.chatType === 'private';

  if (isCommand) {
    const match = /^\/([^@]*)(?:@(.*))?$/u.exec(first)!;
    const name = (match[1] ?? '').toLowerCase();
    // "/next@ 3017" names no bot at all: read it as plain "/next".
    const addressee = match[2] || undefined;
    if (addressee !== undefined && chat.botUsername !== undefined && addressee.toLowerCase() !== chat.botUsername.toLowerCase()) {
      return null;
    }
    const spec = findCommand(name);
    // In a group an unknown command is most likely another bot's.
    if (spec === undefined && !inPrivate && addressee === undefined) return null;
    if (tooLong(text)) return usage('usage-too-long', { length: [...text].length, max: MAX_INPUT_CHARS });
    if (spec === undefined) {
      return name === '' ? usage('usage-empty') : usage('usage-unknown-command', { command: clip(name) });
    }
    return parseArgs(spec, tokens.slice(1));
  }

  if (!inPrivate) return null;
  if (tooLong(text)) return usage('usage-too-long', { length: [...text].length, max: MAX_INPUT_CHARS });
  if (first === undefined) return usage('usage-empty');
  // "next 3017 95" typed without the slash, as people do in a terminal.
  const spoken = findCommand(first.toLowerCase());
  if (spoken !== undefined) return parseArgs(spoken, tokens.slice(1));
  if (!tokens.some((t) => /[0-9]/.test(t))) return usage('usage-not-understood', { text: clip(tokens.join(' ')) });
  return parseArgs(commandSpec('next'), tokens);
}

function tooLong(text: string): boolean {
  return [...text].length > MAX_INPUT_CHARS;
}

/**
 * NFKC turns full-width digits into ASCII; invisible format characters go, control characters
 * split. Commas and semicolons split too: riders write "3017, 95" as often as "3017 95".
 */
function tokenize(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .split(/[\s\p{Cc}\p{Z},;]+/u)
    .filter((t) => t !== '');
}

/** A bit of the rider's input, safe and short enough to quote back. */
function clip(text: string): string {
  const chars = [...text.replace(/[\p{Cc}\p{Cf}]/gu, '')];
  return chars.length > ECHO_CHARS ? `${chars.slice(0, ECHO_CHARS).join('')}…` : chars.join('');
}

function parseArgs(spec: CommandSpec, args: string[]): ParseResult {
  switch (spec.name) {
    case 'next':
      return parseNext(args);
    case 'routes':
    case 'save':
      return parseSingleStop(spec.name, args);
    case 'stop':
      return parseStop(args);
    case 'lang':
      return parseLang(args);
    case 'stops':
    case 'help':
    case 'start':
      return ok({ name: spec.name });
  }
}

function parseNext(args: string[]): ParseResult {
  if (args.length === 0) return missingStop('next');
  if (args.length > 2) return tooManyWords('next');
  const stopIndex = args.findIndex((t) => STOP.test(t));
  if (stopIndex === -1) {
    const notRoute = args.find((t) => !ROUTE.test(t));
    return notRoute !== undefined || args.length === 1 ? notAStop(notRoute ?? args[0]!) : missingStop('next');
  }
  const stopNo = args[stopIndex]!;
  const other = args[1 - stopIndex];
  if (other === undefined) return ok({ name: 'next', stopNo });
  if (!ROUTE.test(other)) return usage('usage-route-bad', { route: clip(other) });
  return ok({ name: 'next', stopNo, routeNo: other.toUpperCase() });
}

function parseSingleStop(name: 'routes' | 'save', args: string[]): ParseResult {
  const [stop, ...rest] = args;
  if (stop === undefined) return missingStop(name);
  if (rest.length > 0) return tooManyWords(name);
  return STOP.test(stop) ? ok({ name, stopNo: stop }) : notAStop(stop);
}

function parseStop(args: string[]): ParseResult {
  if (args.length === 0) return missingStop('stop');
  const [only] = args;
  if (args.length === 1 && STOP.test(only!)) return ok({ name: 'stop', stopNo: only! });
  if (args.length === 1 && DIGITS.test(only!)) return notAStop(only!);
  if (args.some((t) => STOP.test(t))) return tooManyWords('stop');
  return ok({ name: 'find-stop', words: args.join(' ') });
}

function parseLang(args: string[]): ParseResult {
  const locale = args.length === 1 ? LANGUAGES.get(args[0]!.toLowerCase()) : undefined;
  return locale === undefined ? usage('usage-lang-bad') : ok({ name: 'lang', locale });
}

function notAStop(token: string): ParseResult {
  return DIGITS.test(token)
    ? usage('usage-stop-digits', { stop: clip(token), digits: token.length })
    : usage('usage-stop-not-number', { text: clip(token) });
}

function missingStop(name: CommandName): ParseResult {
  return usage('usage-stop-missing', { example: commandSpec(name).example });
}

function tooManyWords(name: CommandName): ParseResult {
  return usage('usage-too-many-words', { command: name, example: commandSpec(name).example });
}
