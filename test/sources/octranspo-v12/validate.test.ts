import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { V12_IDENTIFIERS } from '../../../src/sources/octranspo-v12/index.js';
import { checkRouteNo, checkStopNo } from '../../../src/sources/octranspo-v12/validate.js';
import { thrown } from './helpers.js';

// Values a JavaScript caller (or button data gone wrong) could pass instead of a string: none may
// be called, read or printed beyond its type.
const NOT_STRINGS: Array<[string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['a bigint', 3017n],
  ['a symbol', Symbol('3017')],
  ['a String object', new String('3017')],
  [
    'an object whose toString throws',
    {
      toString: () => {
        throw new Error('boom');
      },
    },
  ],
  [
    'a getter-laden proxy',
    new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    ),
  ],
  ['a function', () => '3017'],
];

describe('checkStopNo', () => {
  it.each([
    ['3017', '3017'],
    ['0867', '0867'],
    [' 3017 ', '3017'],
  ])('accepts %j as %j', (input, expected) => {
    expect(checkStopNo(input)).toBe(expected);
  });

  it.each([
    ['30170', 'stop number must have 4 digits, got 5'],
    ['301', 'stop number must have 4 digits, got 3'],
    ['', 'stop number must have 4 digits only, got ""'],
    ['30a7', 'stop number must have 4 digits only, got "30a7"'],
    ['-301', 'stop number must have 4 digits only, got "-301"'],
    ['３０１７', 'stop number must have 4 digits only, got "３０１７"'],
  ])('refuses %j: %s', (input, message) => {
    const error = thrown(() => checkStopNo(input));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(message);
  });

  it('refuses a number (it would lose leading zeros)', () => {
    expect(thrown(() => checkStopNo(867)).message).toBe('stop number must be a string of 4 digits, got number');
  });

  it.each(NOT_STRINGS)('refuses %s safely, as an invalid request', (_name, input) => {
    const error = thrown(() => checkStopNo(input));
    expect([error.kind, error.message]).toStrictEqual([
      'bad-request',
      `stop number must be a string of 4 digits, got ${typeof input === 'function' ? 'function' : input === null ? 'null' : typeof input}`,
    ]);
  });
});

describe('checkRouteNo', () => {
  it.each([
    ['1', '1'],
    ['95', '95'],
    ['101', '101'],
    ['R2', 'R2'],
    ['r2', 'R2'],
    [' 95 ', '95'],
    ['2RX', '2RX'],
    ['007', '007'],
  ])('accepts %j as %j', (input, expected) => {
    expect(checkRouteNo(input)).toBe(expected);
  });

  it.each([
    ['1234', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "1234"'],
    ['12345', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "12345"'],
    ['', 'route number is empty'],
    ['R2-X', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "R2-X"'],
    ['ROUTE', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "ROUTE"'],
    ['9 5', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "9 5"'],
    // The source's grammar: letters alone are not a route, nor are five or more characters.
    ['ABCD', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "ABCD"'],
    ['OTRN', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "OTRN"'],
    ['AB123C', 'route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got "AB123C"'],
  ])('refuses %j: %s', (input, message) => {
    const error = thrown(() => checkRouteNo(input));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(message);
  });

  it.each(NOT_STRINGS)('refuses %s safely, as an invalid request', (_name, input) => {
    const error = thrown(() => checkRouteNo(input));
    expect([error.kind, error.message]).toStrictEqual([
      'bad-request',
      `route number must be a string, got ${typeof input === 'function' ? 'function' : input === null ? 'null' : typeof input}`,
    ]);
  });
});

describe('the client validation and the source grammar agree', () => {
  it('accepts exactly what V12_IDENTIFIERS reads, in its canonical form', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 8 }), fc.stringMatching(/^ ?[0-9A-Za-z]{1,6} ?$/)), (text) => {
        for (const [check, read] of [
          [checkStopNo, (input: string) => V12_IDENTIFIERS.readStop(input)],
          [checkRouteNo, (input: string) => V12_IDENTIFIERS.readRoute(input)],
        ] as const) {
          const reading = read(text);
          let value: string | undefined;
          try {
            value = check(text);
          } catch {
            value = undefined;
          }
          expect(value).toBe(reading.ok ? reading.value : undefined);
        }
      }),
      { numRuns: 500 },
    );
  });
});
