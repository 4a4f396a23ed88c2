import { API_KEY } from './fake-upstream.js';

// The API key as an upstream echo could write it with one character escaped: an XML character
// reference (decimal or hex) or a JSON \u escape. Escaped like this, the key is not in the raw
// text as such, yet the parsed model shows it to riders once the escapes are decoded.

export type Escape = 'xml-decimal' | 'xml-hex' | 'json-u';

/** First, middle and last character, and the '&' that XML also knows as &amp;. */
export const POSITIONS = { first: 0, middle: Math.floor(API_KEY.length / 2), last: API_KEY.length - 1, ampersand: API_KEY.indexOf('&') } as const;
export type Position = keyof typeof POSITIONS;

function escaped(ch: string, escape: Escape): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (escape === 'xml-decimal') return `&#${cp};`;
  if (escape === 'xml-hex') return `&#x${cp.toString(16).toUpperCase()};`;
  return `\\u${cp.toString(16).padStart(4, '0')}`;
}

/** How each character is written plainly: in XML text (&, <, > escaped) or in a JSON string. */
function plain(ch: string, format: 'xml' | 'json'): string {
  if (format === 'json') return JSON.stringify(ch).slice(1, -1);
  return ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch;
}

/** The key for a `format` body with the character at `position` written as `escape`. */
export function keyEcho(format: 'xml' | 'json', position: Position, escape: Escape): string {
  const at = POSITIONS[position];
  return [...API_KEY].map((ch, i) => (i === at ? escaped(ch, escape) : plain(ch, format))).join('');
}

/** Every (format, position, escape) worth trying: JSON strings are also read for XML references. */
export const ECHO_CASES: Array<[format: 'xml' | 'json', position: Position, escape: Escape]> = [];
for (const position of Object.keys(POSITIONS) as Position[]) {
  for (const escape of ['xml-decimal', 'xml-hex'] as const) ECHO_CASES.push(['xml', position, escape]);
  for (const escape of ['json-u', 'xml-decimal', 'xml-hex'] as const) ECHO_CASES.push(['json', position, escape]);
}

/** Not the key, and not a 6-character piece of it either (an excerpt may cut it short). */
export function keyPieces(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 6 <= API_KEY.length; i++) if (text.includes(API_KEY.slice(i, i + 6))) found.push(API_KEY.slice(i, i + 6));
  return found;
}
