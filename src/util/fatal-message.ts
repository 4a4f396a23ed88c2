import { attempt } from './attempt.js';
import { clip } from './clip.js';
import { createRedactor, REDACTED } from './redact.js';
import { textOf } from './text-of.js';

// What a process prints as its last words goes to a terminal or a log collector that anyone
// operating it can read, so it must hold no secret, in any spelling, and fit on one line.

const MAX_LENGTH = 1_000;
const MAX_CAUSES = 3;

// Anything shaped like a Telegram bot token (the bot's id, a colon in any spelling, 30 or more
// characters), for an error thrown before the configuration (and so the token) was read.
const TOKEN_SHAPED = /\d{5,}(?::|%(?:25)?3a|\\u003a|&#0*58;?|&#x0*3a;?)[\w-]{30,}/gi;
// Line breaks, tabs and terminal control characters (an echoed text could move the cursor or
// fake a second line), with the spaces around them, become one space.
const CONTROL = /[\s\p{Cc}]+/gu;

/**
 * One line saying why the process stopped, for the last-resort catch in main.ts: any value may
 * come (an Error, a string, undefined, an object with a throwing toString), with its causes.
 * `secrets` are those of the configuration (bot token, webhook secret, API keys, passwords in
 * URLs); they are removed in every spelling the redactor knows. Never throws.
 */
export function fatalMessage(err: unknown, secrets: readonly string[] = []): string {
  const redact = createRedactor(secrets);
  const line = redact(causesOf(err).map(textOf).join(' <- ')).replace(TOKEN_SHAPED, REDACTED).replace(CONTROL, ' ').trim();
  return clip(line, MAX_LENGTH);
}

function causesOf(err: unknown): unknown[] {
  const chain: unknown[] = [err];
  for (let current = err; chain.length <= MAX_CAUSES;) {
    const cause = attempt(() => (current instanceof Error ? current.cause : undefined), undefined);
    if (cause === undefined || chain.includes(cause)) break;
    chain.push(cause);
    current = cause;
  }
  return chain;
}
