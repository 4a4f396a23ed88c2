// A regular expression for the API key in every spelling an echo could write it in, one layer of
// escaping deep, each character spelled independently: as itself, an XML or HTML character
// reference (&#83; &#x53; with any leading zeros, &amp; for the five XML specials), a JSON escape
// (\u0053, \/ and the short ones), or percent-encoded as in the request form (%53, + for a space).
// A fixed list of whole-key spellings misses "&#83;EKRET": one escaped character is enough, and a
// rider's screen or a log reader decodes it just the same.

const XML_NAMED: Readonly<Record<string, string>> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' };
const JSON_SHORT: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Hex digits in either case: "6b" -> "6[bB]". */
function anyCaseHex(hex: string): string {
  return [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');
}

function jsonUnit(unit: number): string {
  return `\\\\u${anyCaseHex(unit.toString(16).padStart(4, '0'))}`;
}

/** Every spelling of one character (one code point), as alternatives of a regular expression. */
function spellings(ch: string): string[] {
  const cp = ch.codePointAt(0) ?? 0;
  const out = [literal(ch), `&#0*${cp};`, `&#[xX]0*${anyCaseHex(cp.toString(16))};`];
  const named = XML_NAMED[ch];
  if (named !== undefined) out.push(`&${named};`);
  const short = JSON_SHORT[ch];
  if (short !== undefined) out.push(`\\\\${literal(short)}`);
  // JSON escapes UTF-16 units: a character outside the BMP is a pair of \u escapes.
  out.push(ch.length === 1 ? jsonUnit(cp) : jsonUnit(ch.charCodeAt(0)) + jsonUnit(ch.charCodeAt(1)));
  out.push([...Buffer.from(ch, 'utf8')].map((byte) => `%${anyCaseHex(byte.toString(16).padStart(2, '0'))}`).join(''));
  if (ch === ' ') out.push('\\+');
  return out;
}

export function keyPattern(apiKey: string): RegExp {
  return new RegExp([...apiKey].map((ch) => `(?:${spellings(ch).join('|')})`).join(''), 'g');
}
