import { describe, expect, it } from 'vitest';
import { keyScrubber } from '../../../src/sources/octranspo-v12/redact.js';

// The key in every single-layer spelling, each character spelled on its own.

/** "😀" -> "\\ud83d\\ude00": how JSON escapes a character, unit by unit. */
function jsonUnits(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

describe('keyScrubber', () => {
  const key = 'k3y+S3/=&"é 😀';
  const scrub = keyScrubber(key);

  it.each([
    ['as itself', key],
    ['form-encoded (URLSearchParams)', new URLSearchParams({ k: key }).toString().slice(2)],
    ['percent-encoded (encodeURIComponent), lower-case hex', encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (byte) => byte.toLowerCase())],
    ['as JSON string content', JSON.stringify(key).slice(1, -1)],
    ['as JSON with \\/ and every UTF-16 unit \\u-escaped', [...key].map((ch) => (ch === '/' ? '\\/' : jsonUnits(ch))).join('')],
    ['as XML text, quotes as entities', key.replace(/&/g, '&amp;').replace(/"/g, '&quot;')],
    ['as decimal references with leading zeros', [...key].map((ch) => `&#000${ch.codePointAt(0)};`).join('')],
    [
      'as hex references, either case',
      [...key].map((ch, i) => `&#${i % 2 ? 'x' : 'X'}${(ch.codePointAt(0) ?? 0).toString(16)[i % 2 ? 'toLowerCase' : 'toUpperCase']()};`).join(''),
    ],
    ['mixed, one spelling per character', 'k&#51;\\u0079%2BS3\\/&#x3D;&amp;&quot;%C3%A9+\\ud83d\\ude00'],
  ])('finds it %s', (_name, spelling) => {
    expect(scrub(`before ${spelling} after`)).toBe('before [redacted] after');
  });

  it('leaves text that only resembles it', () => {
    for (const text of ['k3y+S3/=&"é', 'K3Y+S3/=&"é 😀', 'k3y+S3/=&"e 😀', 'k3y+S3/=&#38"é 😀']) expect(scrub(text)).toBe(text);
  });
});
