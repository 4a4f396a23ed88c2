import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/util/text-of.js';

describe('textOf', () => {
  it('reads errors as "Name: message", objects as JSON, everything else as String does', () => {
    expect(textOf('as is')).toBe('as is');
    expect(textOf(new RangeError('out'))).toBe('RangeError: out');
    expect(textOf({ message: 'not found', code: 404n })).toBe('{"message":"not found","code":"404n"}');
    expect(textOf([1, 'two'])).toBe('[1,"two"]');
    expect(textOf(undefined)).toBe('undefined');
    expect(textOf(Symbol('s'))).toBe('Symbol(s)');
  });

  it('never throws: cycles, throwing getters and conversions, revoked proxies', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.me = cycle;
    const getter = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    const error = Object.defineProperty(new Error('x'), 'message', {
      get() {
        throw new Error('getter');
      },
    });
    const noConversions = Object.assign(Object.create(null) as object, {
      toJSON() {
        throw new Error('json');
      },
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(textOf(cycle)).toBe('{"a":1,"me":"[circular]"}');
    expect(textOf(getter)).toBe('[object Object]');
    expect(textOf(error)).toBe('[object Error]');
    expect(textOf(noConversions)).toBe('[object Object]');
    expect(textOf(revoked.proxy)).toBe('[unprintable value]');
  });
});
