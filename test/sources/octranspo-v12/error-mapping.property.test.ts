import fc from 'fast-check';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TransitError, TRANSIT_ERROR_KINDS } from '../../../src/domain/transit-error.js';
import { guard } from '../../../src/sources/octranspo-v12/fail.js';
import { redactor } from '../../../src/sources/octranspo-v12/redact.js';
import { API_KEY } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { ECHO_CASES, keyEcho } from './key-echoes.js';

// Whatever is thrown below the client (by fetch, a parser bug, a hostile object), the error
// mapping returns a TransitError, never throws while doing it, and leaves no trace of the key.

const redact = redactor(API_KEY);

/** A value whose every use throws: getters, prototype, keys, conversion. */
function hostileProxy(): object {
  const boom = () => {
    throw new Error(`trap ${API_KEY}`);
  };
  return new Proxy({}, { get: boom, getPrototypeOf: boom, ownKeys: boom, has: boom, getOwnPropertyDescriptor: boom, apply: boom });
}

function throwingGetters(base: object): object {
  // 'stack' first: redefining it makes V8 format the stack, which reads 'name'.
  for (const name of ['stack', 'message', 'name', 'cause', 'code', 'kind']) {
    Object.defineProperty(base, name, {
      get() {
        throw new Error(`getter ${API_KEY}`);
      },
    });
  }
  return base;
}

function circular(): object {
  const error = new Error(`loop ${API_KEY}`) as Error & { self?: unknown };
  error.self = error;
  error.cause = error;
  return error;
}

const withKey = fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 })).map(([a, b]) => `${a}${API_KEY}${b}`);

/**
 * A recipe for a thrown value, built inside the property: fast-check itself must not touch a
 * hostile value (its getters throw), and each run gets a fresh one. Printed by its label.
 */
type Recipe = (() => unknown) & { [fc.toStringMethod]: () => string };

function recipe(label: string, make: () => unknown): Recipe {
  return Object.assign(make, { [fc.toStringMethod]: () => label });
}

/** The odd things a rejection can be. */
const thrownValues: fc.Arbitrary<Recipe> = fc.oneof(
  fc
    .anything({
      withBigInt: true,
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
    })
    .map((value) => recipe(fc.stringify(value), () => value)),
  withKey.map((m) => recipe(`string ${JSON.stringify(m)}`, () => m)),
  withKey.map((m) => recipe(`Error(${JSON.stringify(m)})`, () => new Error(m))),
  fc
    .constantFrom(...ECHO_CASES)
    .map(([format, position, escape]) =>
      recipe(
        `Error quoting the key (${format}, ${position} character as ${escape})`,
        () => new Error(`bad key ${keyEcho(format, position, escape)}`),
      ),
    ),
  withKey.map((m) =>
    recipe(
      `TypeError with a cause quoting ${JSON.stringify(m)}`,
      () => new TypeError('fetch failed', { cause: Object.assign(new Error(m), { code: 'ECONNRESET', apiKey: API_KEY }) }),
    ),
  ),
  withKey.map((m) => recipe(`TransitError(network, ${JSON.stringify(m)})`, () => new TransitError('unavailable', m, { reason: 'network' }))),
  withKey.map((m) =>
    recipe(`TransitError with an own property ${JSON.stringify(m)}`, () =>
      Object.assign(new TransitError('unknown-stop', 'API error 10', { code: 10 }), { detail: m }),
    ),
  ),
  withKey.map((m) =>
    recipe(`TransitError with a cause ${JSON.stringify(m)}`, () =>
      Object.assign(new TransitError('unavailable', 'clean', { reason: 'malformed' }), { cause: m }),
    ),
  ),
  withKey.map((m) =>
    recipe(`TransitError of an unknown kind, NaN code, ${JSON.stringify(m)}`, () => new TransitError('bogus' as 'loading', m, { code: Number.NaN })),
  ),
  withKey.map((m) =>
    recipe(`TransitError whose stack kept ${JSON.stringify(m)}`, () =>
      Object.assign(new TransitError('unavailable', m, { reason: 'malformed' }), { message: 'clean' }),
    ),
  ),
  withKey.map((m) => recipe(`{message, toString} = ${JSON.stringify(m)}`, () => ({ message: m, toString: () => m }))),
  withKey.map((m) => recipe(`{[Symbol.toPrimitive]} = ${JSON.stringify(m)}`, () => ({ [Symbol.toPrimitive]: () => m }))),
  withKey.map((m) => recipe(`null-prototype {message: ${JSON.stringify(m)}}`, () => Object.assign(Object.create(null) as object, { message: m }))),
  withKey.map((m) =>
    recipe(`Error whose message is an object printing ${JSON.stringify(m)}`, () => Object.assign(new Error('x'), { message: { toString: () => m } })),
  ),
  withKey.map((m) => recipe(`Symbol(${JSON.stringify(m)})`, () => Symbol(m))),
  withKey.map((m) => recipe(`a function returning ${JSON.stringify(m)}`, () => () => m)),
  fc.constant(recipe('a proxy whose every trap throws', hostileProxy)),
  fc.constant(recipe('an Error with throwing getters', () => throwingGetters(new Error('getters')))),
  fc.constant(
    recipe('a TransitError with throwing getters', () => throwingGetters(new TransitError('unavailable', 'getters', { reason: 'upstream' }))),
  ),
  fc.constant(recipe('an object with throwing getters', () => throwingGetters({}))),
  fc.constant(
    recipe('an object whose toString throws', () => ({
      toString: () => {
        throw new Error(API_KEY);
      },
    })),
  ),
  fc.constant(recipe('an Error that is its own cause', circular)),
  fc
    .nat({ max: 3 })
    .map((n) =>
      recipe(`a string of ${250_000 * n + 1} characters, then the key`, () => `${'x'.repeat(250_000 * n + 1)}${API_KEY}${'y'.repeat(1000)}`),
    ),
  fc
    .nat({ max: 3 })
    .map((n) => recipe(`an Error of ${300_000 * n + 7} characters, then the key`, () => new Error(`${'z'.repeat(300_000 * n + 7)} ${API_KEY}`))),
);

/** Every way the result could be printed or shipped. */
function renderings(error: TransitError): string {
  const own = Object.getOwnPropertyNames(error).map((name) => String((error as unknown as Record<string, unknown>)[name]));
  return [
    error.message,
    String(error.stack),
    ...own,
    inspect(error, { showHidden: true, depth: 10 }),
    JSON.stringify(error, Object.getOwnPropertyNames(error)),
  ].join('\n');
}

function expectNoKey(text: string): void {
  for (let i = 0; i + 6 <= API_KEY.length; i++) expect(text).not.toContain(API_KEY.slice(i, i + 6));
}

/** A TransitError as the client hands it out: a known kind, a finite code or none, a short message. */
function expectTransitError(value: unknown): asserts value is TransitError {
  expect(Object.getPrototypeOf(value)).toBe(TransitError.prototype);
  const error = value as TransitError;
  expect(TRANSIT_ERROR_KINDS).toContain(error.kind);
  expect(error.code === undefined || Number.isFinite(error.code)).toBe(true);
  expect(typeof error.message).toBe('string');
  // A log line, not a dump: huge messages are cut (by the redactor, which alone can cut safely).
  expect(error.message.length).toBeLessThanOrEqual(1000);
}

describe('the transit error mapping', () => {
  it('redactor(): any thrown value becomes a TransitError without the key, and it never throws', () => {
    fc.assert(
      fc.property(thrownValues, (make) => {
        const error = redact(make());
        expectTransitError(error);
        expectNoKey(renderings(error));
      }),
      { numRuns: 400 },
    );
  });

  it('guard(): anything thrown inside becomes a TransitError (the parsers rely on it)', () => {
    fc.assert(
      fc.property(thrownValues, (make) => {
        let caught: unknown;
        try {
          guard('unreadable response', () => {
            throw make();
          });
        } catch (err) {
          caught = err;
        }
        // guard passes TransitErrors through as they are; the redactor then makes them sound.
        expect(caught).toBeInstanceOf(TransitError);
        const redacted = redact(caught);
        expectTransitError(redacted);
        expectNoKey(renderings(redacted));
      }),
      { numRuns: 300 },
    );
  });

  it('the client: whatever fetch rejects with, the caller gets a TransitError without the key', async () => {
    await fc.assert(
      fc.asyncProperty(thrownValues, async (make) => {
        const client = clientFor({ baseUrl: 'http://127.0.0.1:1' } as Parameters<typeof clientFor>[0], {
          // Rejecting with anything at all, non-Errors included, is the property under test.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          fetch: () => Promise.reject(make()),
          retryDelayMs: 0,
        });
        let caught: unknown;
        try {
          await client.routeSummary('3017');
        } catch (err) {
          caught = err;
        }
        expectTransitError(caught);
        expectNoKey(renderings(caught));
      }),
      { numRuns: 150 },
    );
  });
});
