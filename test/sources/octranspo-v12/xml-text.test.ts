import { describe, expect, it } from 'vitest';
import { decodeXmlText } from '../../../src/sources/octranspo-v12/xml-text.js';

describe('decodeXmlText', () => {
  it('decodes the five predefined entities', () => {
    expect(decodeXmlText('A &amp; B &lt;c&gt; &quot;d&quot; O&apos;Connor')).toBe('A & B <c> "d" O\'Connor');
  });

  it('decodes decimal and hexadecimal character references, astral ones included', () => {
    expect(decodeXmlText('&#201;cole &#xe9;t&#xE9; &#128652;')).toBe('École été 🚌');
  });

  it('leaves unknown entities and invalid references as written', () => {
    expect(decodeXmlText('&nbsp; &lol3; &#0; &#xD800; &#1114112; &amp')).toBe('&nbsp; &lol3; &#0; &#xD800; &#1114112; &amp');
  });

  it('decodes once: an escaped reference stays a reference', () => {
    expect(decodeXmlText('&amp;amp; &amp;#233;')).toBe('&amp; &#233;');
  });

  it('returns text without an ampersand unchanged', () => {
    expect(decodeXmlText('Airport / Aéroport')).toBe('Airport / Aéroport');
  });
});
