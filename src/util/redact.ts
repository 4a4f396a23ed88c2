import { textOf } from './text-of.js';

/** Any value as text with every secret replaced by "[redacted]"; never throws. */
export type Redactor = (value: unknown) => string;

export const REDACTED = '[redacted]';

// Below this many characters a base64 fragment could occur by chance in ordinary text.
const MIN_BASE64_FRAGMENT = 8;

/**
 * Replaces each secret with "[redacted]", in whatever spelling an echo of it may use: as is or
 * in another letter case, URL-encoded (%3A or %3a, even twice: %253A), JSON-escaped (\" \/ and
 * \u003a for any character), as HTML/XML character references (&#58; &#x3A; &amp;), and in
 * base64 (standard or URL-safe, at any alignment inside a longer encoded text). Spellings may mix
 * within one echo. Empty secrets are ignored. The transit client passes its API key, the Telegram
 * adapter its bot token and webhook secret; anything may be given, not only strings.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so a secret that contains another is removed whole.
  const present = [...new Set(secrets.filter((s) => typeof s === 'string' && s !== ''))].sort((a, b) => b.length - a.length);
  if (present.length === 0) return textOf;
  const spelled = new RegExp(present.map(anySpelling).join('|'), 'gi');
  const fragments = [...new Set(present.flatMap(base64Fragments))];
  const base64 = fragments.length > 0 ? new RegExp(fragments.map(literal).join('|'), 'g') : undefined;
  return (value) => {
    const clean = textOf(value).replace(spelled, REDACTED);
    return base64 ? clean.replace(base64, REDACTED) : clean;
  };
}

/** A pattern matching the secret with each character in any of its spellings. */
function anySpelling(secret: string): string {
  return [...secret].map((ch) => `(?:${spellingsOf(ch).join('|')})`).join('');
}

function spellingsOf(ch: string): string[] {
  const code = ch.codePointAt(0)!;
  const units = Array.from({ length: ch.length }, (_, i) => ch.charCodeAt(i));
  const percent = [...Buffer.from(ch, 'utf8')].map((byte) => `%(?:25)?${hex(byte, 2)}`).join('');
  const spellings = [
    literal(ch),
    percent,
    units.map((unit) => `\\\\u${hex(unit, 4)}`).join(''),
    `\\\\u\\{0*${code.toString(16)}\\}`,
    `&#0*${code};?`,
    `&#x0*${code.toString(16)};?`,
  ];
  const named = NAMED[ch];
  if (named) spellings.push(...named.map(literal));
  return spellings;
}

// Escapes of JSON, HTML/XML and form encoding that name a character other than by its code.
const NAMED: Record<string, string[]> = {
  '"': ['\\"', '&quot;'],
  "'": ['&apos;'],
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  '/': ['\\/'],
  '\\': ['\\\\'],
  ' ': ['+'],
  '\b': ['\\b'],
  '\f': ['\\f'],
  '\n': ['\\n'],
  '\r': ['\\r'],
  '\t': ['\\t'],
};

/**
 * The parts of the secret's base64 that do not depend on the bytes around it: the secret may start
 * at any byte offset modulo 3 of the encoded text, and the characters at its edges mix in the
 * neighbouring bytes.
 */
function base64Fragments(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const fragments: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Character i carries bits [6i, 6i+6); it is the secret's alone when they lie in [8·offset, 8·(offset+n)).
    const fragment = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (fragment.length < MIN_BASE64_FRAGMENT) continue;
    fragments.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return fragments;
}

function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}
