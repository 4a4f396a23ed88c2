import type { ChatContext } from './chat-context.js';
import { usage, type ParsedText } from './command-request.js';
import { commandNamed, findCommand, type CommandModule } from './commands/index.js';
import { clip, isLabel, positionalOptions, readOptions } from './commands/read-options.js';
import type { ReadContext } from './read-context.js';

const MAX_INPUT_CHARS = 200;

/**
 * Text -> a checked command request, a usage error in words the rider understands, or null when
 * the bot should stay silent (bare text in a group, a command for another bot, an unknown command
 * in a group). Never throws, whatever the input.
 */
export function parseText(text: unknown, chat: Pick<ChatContext, 'chatType' | 'botUsername'>, ctx: ReadContext): ParsedText | null {
  const input = typeof text === 'string' ? text : '';
  const tokens = tokenize(input);
  const first = tokens[0];
  const inPrivate = chat.chatType === 'private';

  if (first !== undefined && first.startsWith('/')) {
    const match = /^\/([^@]*)(?:@(.*))?$/u.exec(first)!;
    const name = match[1] ?? '';
    // "/next@ 3017" names no bot at all: read it as plain "/next".
    const addressee = match[2] || undefined;
    if (addressee !== undefined && chat.botUsername !== undefined && addressee.toLowerCase() !== chat.botUsername.toLowerCase()) return null;
    const command = commandTyped(name, ctx);
    // In a group an unknown command is most likely another bot's.
    if (command === undefined && !inPrivate && addressee === undefined) return null;
    if (tooLong(input)) return usage('usage-too-long', { length: [...input].length, max: MAX_INPUT_CHARS });
    if (command === undefined) return name === '' ? usage('usage-empty') : usage('usage-unknown-command', { command: clip(name.toLowerCase()) });
    return readWords(command, tokens.slice(1), ctx);
  }

  if (!inPrivate) return null;
  if (tooLong(input)) return usage('usage-too-long', { length: [...input].length, max: MAX_INPUT_CHARS });
  if (first === undefined) return usage('usage-empty');
  // "hello", "bonjour!": a greeting is answered as /start is.
  if (ctx.words.greeting(tokens)) return { ok: true, request: { name: 'start', options: {} } };
  // "next 3017 95" typed without the slash, as people do in a terminal.
  const spoken = commandTyped(first, ctx);
  if (spoken !== undefined) return readWords(spoken, tokens.slice(1), ctx);
  // A single word may be the name a stop was saved under ("home"); other words are not understood.
  const savedName = tokens.length === 1 && isLabel(first) && !/[0-9]/.test(first);
  if (!savedName && !tokens.some((t) => /[0-9]/.test(t))) return usage('usage-not-understood', { text: clip(tokens.join(' ')) });
  return readWords(commandNamed('next'), tokens, ctx);
}

function readWords(command: CommandModule, typed: string[], ctx: ReadContext): ParsedText {
  const words = withFeedPrefixes(typed, ctx.identifiers.prefixes ?? []);
  const options = command.wordsToOptions ? command.wordsToOptions(words, ctx) : positionalOptions(command.spec, words);
  if (!options.ok) return options;
  const checked = readOptions(command.spec, options.value, ctx);
  return checked.ok ? { ok: true, request: { name: command.spec.name, options: checked.value } } : checked;
}

/** "sto 3000" -> "sto:3000": a feed's name typed before a stop, by those who know which agency they mean. */
function withFeedPrefixes(words: string[], prefixes: readonly string[]): string[] {
  if (prefixes.length === 0) return words;
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if (next !== undefined && prefixes.includes(word.toLowerCase())) {
      joined.push(`${word.toLowerCase()}:${next}`);
      i++;
    } else joined.push(word);
  }
  return joined;
}

/** A command by its own name or by a name any language gives it ("prochain", "/Próxima"). */
function commandTyped(name: string, ctx: ReadContext): CommandModule | undefined {
  const own = findCommand(name);
  if (own !== undefined) return own;
  const named = ctx.words.command(name);
  return named === undefined ? undefined : findCommand(named);
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
