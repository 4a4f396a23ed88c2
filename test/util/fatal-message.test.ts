import { GrammyError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { fatalMessage } from '../../src/util/fatal-message.js';

const TOKEN = '123456789:AAH-fake_Token-value-for-tests_only';

describe('fatalMessage', () => {
  it("says what grammY's error says, without the token it quotes", () => {
    const err = new GrammyError(
      "Call to 'getMe' failed!",
      { ok: false, error_code: 400, description: `Bad Request: token ${TOKEN} is invalid` },
      'getMe',
      {},
    );
    expect(fatalMessage(err, [TOKEN])).toBe("GrammyError: Call to 'getMe' failed! (400: Bad Request: token [redacted] is invalid)");
  });

  it('removes anything shaped like a bot token even when the secrets are not known yet', () => {
    expect(fatalMessage(new Error(`GET /bot${TOKEN}/getMe and /bot${encodeURIComponent(TOKEN)}/getMe`))).toBe(
      'Error: GET /bot[redacted]/getMe and /bot[redacted]/getMe',
    );
  });

  it('removes the given secrets in any spelling, in causes too', () => {
    const err = new Error('store failed', { cause: new Error(`connect redis://:${encodeURIComponent('p@ss:w0rd/x')}@db failed`) });
    expect(fatalMessage(err, ['p@ss:w0rd/x'])).toBe('Error: store failed <- Error: connect redis://:[redacted]@db failed');
  });

  it('takes any value, and always gives one line', () => {
    const circular: Record<string, unknown> = {};
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
    expect(fatalMessage(undefined)).toBe('undefined');
    expect(fatalMessage('plain words')).toBe('plain words');
    expect(fatalMessage(circular)).toBe('{"self":"[circular]"}');
    expect(fatalMessage(hostile)).toBe('[object Object]');
    expect(fatalMessage(revoked.proxy)).toBe('[unprintable value]');
    expect(fatalMessage(new Error('first\nsecond\r\n\tthird \u001b[2Jcleared'))).toBe('Error: first second third [2Jcleared');
    expect(fatalMessage(new Error('x'.repeat(100_000))).length).toBeLessThan(1_100);
    const loop = new Error('a');
    loop.cause = loop;
    expect(fatalMessage(loop)).toBe('Error: a');
  });
});
