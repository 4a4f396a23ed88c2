import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/chat/telegram/describe-error.js';
import { createRedactor } from '../../../src/util/redact.js';

describe('describeError', () => {
  it('removes the token and the webhook secret from messages and nested causes', () => {
    const token = '123456:SECRET-token_x';
    const redact = createRedactor([token, 'hook-secret']);
    const cause = new Error(`request to http://127.0.0.1:1/bot${token}/sendMessage failed (hook-secret)`);
    const described = JSON.stringify(describeError(new HttpError('Network request failed!', cause), redact));
    expect(described).not.toContain(token);
    expect(described).not.toContain('hook-secret');
    expect(described).toContain('[redacted]');
    expect(JSON.stringify(describeError(new Error(`boom ${token}`), redact))).not.toContain(token);
    expect(JSON.stringify(describeError(`plain ${token}`, redact))).not.toContain(token);
  });
});

describe('describeError on what Telegram, an emulator or a bug may really throw', () => {
  const redact = createRedactor(['123456:SECRET-token_x']);
  const refusal = (body: object) => new GrammyError("Call to 'setMyCommands' failed!", body as never, 'setMyCommands', {});

  it('reads a refusal without a description, or with a number for one, as what it is', () => {
    expect(describeError(refusal({ ok: false, error_code: 404 }), redact)).toEqual({ type: 'GrammyError', method: 'setMyCommands', code: 404 });
    expect(describeError(refusal({ result: true }), redact)).toEqual({ type: 'GrammyError', method: 'setMyCommands' });
    expect(describeError(refusal({ ok: false, error_code: 400, description: 42 }), redact)).toMatchObject({ code: 400, description: '42' });
    expect(describeError(refusal({ message: 'not implemented' }), redact)).toEqual({ type: 'GrammyError', method: 'setMyCommands' });
  });

  it('never throws, whatever was thrown', () => {
    const getters = Object.defineProperty(new Error('x'), 'message', {
      get() {
        throw new Error('no');
      },
    });
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('no');
        },
      },
    );
    expect(describeError(getters, redact)).toMatchObject({ type: 'Error', message: 'undefined' });
    expect(describeError(hostile, redact)).toEqual({ type: 'object', message: '[object Object]' });
    expect(describeError(undefined, redact)).toEqual({ type: 'undefined', message: 'undefined' });
    expect(describeError(null, redact)).toEqual({ type: 'null', message: 'null' });
  });

  it('follows a network error to its cause, and keeps huge texts short', () => {
    const cause = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:443') });
    expect(describeError(new HttpError("Network request for 'getMe' failed!", cause), redact).cause).toBe(
      'TypeError: fetch failed <- Error: connect ECONNREFUSED 127.0.0.1:443',
    );
    const huge = describeError(new Error('x'.repeat(1_000_000)), redact);
    expect(String(huge.message).length).toBeLessThan(2_100);
  });
});
