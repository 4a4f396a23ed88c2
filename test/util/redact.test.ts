import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/util/redact.js';

const TOKEN = '123456789:AAH-fake_Token-value-for-tests_only';
const redact = createRedactor([TOKEN, 'hook Secret/"42"']);

describe('createRedactor', () => {
  it('takes any value, not only text, and never throws', () => {
    const circular: Record<string, unknown> = { note: `token ${TOKEN}` };
    circular.self = circular;
    const hostile = {
      toString() {
        throw new Error('no');
      },
      toJSON() {
        throw new Error('no');
      },
    };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(redact(undefined)).toBe('undefined');
    expect(redact(42)).toBe('42');
    expect(redact(null)).toBe('null');
    expect(redact(Symbol('s'))).toBe('Symbol(s)');
    expect(redact(10n)).toBe('10');
    expect(redact({ description: TOKEN })).toBe('{"description":"[redacted]"}');
    expect(redact(circular)).toBe('{"note":"token [redacted]","self":"[circular]"}');
    expect(redact(new TypeError(`bad ${TOKEN}`))).toBe('TypeError: bad [redacted]');
    expect(redact(hostile)).toBe('[object Object]');
    expect(redact(Object.create(null))).toBe('{}');
    expect(redact(revoked.proxy)).toBe('[unprintable value]');
  });

  it('catches the secret in the spellings an echo may use, mixed ones included', () => {
    const spellings = [
      TOKEN,
      TOKEN.toUpperCase(),
      encodeURIComponent(TOKEN), // the ':' as %3A
      encodeURIComponent(TOKEN).toLowerCase(),
      encodeURIComponent(encodeURIComponent(TOKEN)),
      [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
      JSON.stringify(TOKEN).slice(1, -1).replace(':', '\\u003a'),
      [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`).join(''),
      [...TOKEN].map((c) => `&#${c.charCodeAt(0)};`).join(''),
      [...TOKEN].map((c) => `&#x00${c.charCodeAt(0).toString(16)};`).join(''),
      TOKEN.replace(':', '&#58;').replace('A', '%41').replace('f', '\\u0066'),
      Buffer.from(TOKEN).toString('base64'),
      Buffer.from(TOKEN).toString('base64url'),
    ];
    for (const spelling of spellings) expect(redact(`<${spelling}>`), spelling).toBe('<[redacted]>');
  });

  it('catches base64 of the secret inside a longer encoded text, at any alignment', () => {
    for (const before of ['', 'x', 'xy', 'Authorization: bot ']) {
      const encoded = Buffer.from(`${before}${TOKEN} and more`).toString('base64');
      const clean = redact(encoded);
      expect(clean).toContain('[redacted]');
      for (const cut of [0, 1, 2]) expect(clean).not.toContain(Buffer.from(TOKEN.slice(cut)).toString('base64').slice(2, 20));
    }
  });

  it('spells quotes, slashes and spaces as JSON, HTML and forms do', () => {
    const secret = 'hook Secret/"42"';
    for (const spelling of [
      secret,
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(secret).slice(1, -1).replace('/', '\\/'),
      'hook+Secret%2F%2242%22',
      'hook Secret/&quot;42&quot;',
      'hook&#32;Secret&#x2F;&#34;42&#34;',
    ]) {
      expect(redact(`a ${spelling} b`), spelling).toBe('a [redacted] b');
    }
  });

  it('removes a secret that contains another whole, whatever the order given', () => {
    const both = createRedactor(['value-for', TOKEN]);
    expect(both(`x ${TOKEN} y value-for`)).toBe('x [redacted] y [redacted]');
  });

  it('leaves text without a secret alone, and ignores empty secrets', () => {
    expect(redact('Bad Request: chat not found &amp; 100%')).toBe('Bad Request: chat not found &amp; 100%');
    expect(createRedactor(['', ''])('nothing to hide')).toBe('nothing to hide');
  });

  it('handles huge texts in reasonable time', () => {
    const huge = `${'x'.repeat(4_000_000)}${encodeURIComponent(TOKEN)}${'y'.repeat(4_000_000)}`;
    const started = performance.now();
    expect(redact(huge)).toHaveLength(huge.length - encodeURIComponent(TOKEN).length + '[redacted]'.length);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
