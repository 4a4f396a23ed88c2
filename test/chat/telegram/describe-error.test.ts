import { HttpError } from 'grammy';
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
