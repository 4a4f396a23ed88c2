// What may be thrown at the adapter's describers and log sites, as fast-check arbitraries: errors
// of every shape (no fields, fields of the wrong type, grammY errors built from odd answers,
// non-Error values, cycles, huge texts, throwing getters, hostile proxies), each carrying the
// bot token, its secret half or the webhook secret in some spelling; and a check that finds a
// secret in any of those spellings.
import fc from 'fast-check';
import { GrammyError, HttpError } from 'grammy';
import { TOKEN, WEBHOOK_SECRET } from './harness.js';

export const SECRETS = [TOKEN, TOKEN.slice(TOKEN.indexOf(':') + 1), WEBHOOK_SECRET];

// One character in a way an echo may spell it: as is, %XX, \uXXXX, &#D; &#xH; or &#000D.
const SPELL_CHAR = [
  (c: string) => c,
  (c: string) => `%${hex(c, 2).toUpperCase()}`,
  (c: string) => `\\u${hex(c, 4)}`,
  (c: string) => `&#${c.charCodeAt(0)};`,
  (c: string) => `&#x${hex(c, 1)};`,
  (c: string) => `&#000${c.charCodeAt(0)}`,
];

const secret = fc.constantFrom(...SECRETS);

/** A secret spelled as an echo might: whole-text encodings, one spelling per character, base64. */
export const spelledSecret: fc.Arbitrary<string> = fc.oneof(
  secret,
  secret.chain((s) => fc.mixedCase(fc.constant(s))),
  secret.map(encodeURIComponent),
  secret.map((s) => encodeURIComponent(encodeURIComponent(s))),
  secret.map((s) => JSON.stringify(s).slice(1, -1)),
  secret.chain((s) =>
    fc
      .array(fc.nat(SPELL_CHAR.length - 1), { minLength: s.length, maxLength: s.length })
      .map((how) => [...s].map((c, i) => SPELL_CHAR[how[i]!]!(c)).join('')),
  ),
  secret.chain((s) =>
    fc
      .tuple(fc.uint8Array({ maxLength: 4 }), fc.uint8Array({ maxLength: 4 }), fc.boolean())
      .map(([before, after, urlSafe]) => Buffer.concat([before, Buffer.from(s), after]).toString(urlSafe ? 'base64url' : 'base64')),
  ),
);

/** Text around a secret; now and then hundreds of kilobytes of it. */
export const textWithSecret: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.string({ maxLength: 30 }), spelledSecret, fc.string({ maxLength: 30 })).map(([a, s, b]) => `${a}${s}${b}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 50_000, max: 400_000 }), spelledSecret).map(([n, s]) => `${'x'.repeat(n)}${s}${'y'.repeat(n)}`),
  },
);

/**
 * A promise rejected with `value` as it is: what a failing call may reject with (a string, null, a
 * hostile object...) is what these tests are about, so it need not be an Error.
 */
export function rejectingWith(value: unknown): Promise<never> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- non-Errors on purpose (see above)
  return Promise.reject(value);
}

/**
 * A thrown value is generated as a recipe that builds it afresh: fast-check inspects what it
 * generates (and prints it on failure), which a hostile value would not survive.
 */
export type Make = (() => unknown) & { [fc.toStringMethod]: () => string };

function make(label: string, build: () => unknown): Make {
  return Object.assign<() => unknown, { [fc.toStringMethod]: () => string }>(build, { [fc.toStringMethod]: () => label });
}

const short = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text);
const given = (value: unknown) => make(fc.stringify(value), () => value);

/** An object whose every conversion throws an error that quotes a secret. */
const hostileObject = textWithSecret.map((text) =>
  make(`hostile object ${short(text)}`, () => {
    const boom = () => {
      throw new Error(text);
    };
    return { toString: boom, toJSON: boom, valueOf: boom, [Symbol.toPrimitive]: boom };
  }),
);

/** A proxy that throws on every operation, `instanceof` included. */
const hostileProxy = textWithSecret.map((text) =>
  make(`hostile proxy ${short(text)}`, () => {
    const boom = () => {
      throw new Error(text);
    };
    return new Proxy({}, { get: boom, has: boom, ownKeys: boom, getPrototypeOf: boom, getOwnPropertyDescriptor: boom, apply: boom });
  }),
);

/** A value of a field: the right type or not, possibly hostile. */
const oddField: fc.Arbitrary<Make> = fc.oneof(
  textWithSecret.map(given),
  fc.anything({ maxDepth: 2 }).map(given),
  fc.constantFrom(undefined, null, 0, 400, 403, 409, 502, -1, Number.NaN, true, '').map(given),
  hostileObject,
);

const ERROR_FIELDS = ['message', 'description', 'error_code', 'name', 'stack', 'cause', 'error', 'parameters', 'ok', 'method'] as const;

/** An object with some of the fields of an error or a Bot API answer, each of any type. */
const fields = fc.record(Object.fromEntries(ERROR_FIELDS.map((k) => [k, oddField])) as Record<(typeof ERROR_FIELDS)[number], fc.Arbitrary<Make>>, {
  requiredKeys: [],
});
const build = (recipe: Partial<Record<string, Make>>) => Object.fromEntries(Object.entries(recipe).map(([k, m]) => [k, m!()]));
const label = (recipe: Partial<Record<string, Make>>) =>
  Object.entries(recipe)
    .map(([k, m]) => `${k}: ${m![fc.toStringMethod]()}`)
    .join(', ');

/** Anything that may be thrown, or be answered where an error's details are expected. */
export const thrownValue: fc.Arbitrary<Make> = fc.letrec<{ value: Make }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    textWithSecret.map(given),
    fc.anything({ maxDepth: 2, withBigInt: true, withMap: true, withSet: true, withNullPrototype: true }).map(given),
    // Plain objects shaped like errors or Bot API answers, with fields of any type.
    fields.map((recipe) => make(`{ ${label(recipe)} }`, () => build(recipe))),
    fc
      .tuple(fc.constantFrom(Error, TypeError, RangeError), textWithSecret, fc.option(tie('value'), { nil: undefined }))
      .map(([Kind, message, cause]) =>
        make(
          `new ${Kind.name}(${short(message)}${cause ? `, { cause: ${cause[fc.toStringMethod]()} }` : ''})`,
          () => new Kind(message, cause === undefined ? undefined : { cause: cause() }),
        ),
      ),
    // grammY's errors built from odd answers (its constructor may itself throw on some: then the answer is thrown).
    fc.tuple(textWithSecret, fields, oddField).map(([message, answer, method]) =>
      make(`new GrammyError(${short(message)}, { ${label(answer)} }, ${method[fc.toStringMethod]()})`, () => {
        const body = build(answer);
        return attemptOr(() => new GrammyError(message, body as never, method() as string, {}), body);
      }),
    ),
    fc
      .tuple(textWithSecret, tie('value'))
      .map(([message, inner]) => make(`new HttpError(${short(message)}, ${inner[fc.toStringMethod]()})`, () => new HttpError(message, inner()))),
    // Errors whose fields are replaced after construction, or read through throwing getters.
    fc
      .tuple(fc.constantFrom('grammy', 'http', 'plain'), fc.subarray([...ERROR_FIELDS], { minLength: 1 }), oddField, textWithSecret)
      .map(([kind, names, value, text]) =>
        make(`${kind} error with ${names.join(', ')} replaced by ${value[fc.toStringMethod]()} (throwing ${short(text)} if not a string)`, () => {
          const base: Error =
            kind === 'grammy'
              ? new GrammyError('x', { ok: false, error_code: 400, description: 'd' }, 'sendMessage', {})
              : kind === 'http'
                ? new HttpError('x', new Error('y'))
                : new Error('x');
          const replacement = value();
          // `stack` first: V8 formats the stack (reading name and message) when it is redefined.
          for (const name of [...names].sort((x, y) => Number(y === 'stack') - Number(x === 'stack'))) {
            if (typeof replacement === 'string') Object.defineProperty(base, name, { value: replacement, configurable: true, enumerable: true });
            else
              Object.defineProperty(base, name, {
                configurable: true,
                enumerable: true,
                get() {
                  throw new Error(text);
                },
              });
          }
          return base;
        }),
      ),
    // Cycles: an error that is its own cause, an object that holds itself.
    fc.tuple(textWithSecret, fc.boolean()).map(([text, asError]) =>
      make(`${asError ? 'error' : 'object'} that is its own cause: ${short(text)}`, () => {
        const looped = (asError ? new Error(text) : { description: text, error_code: 400 }) as unknown as Record<string, unknown>;
        looped.cause = looped;
        looped.error = looped;
        return looped;
      }),
    ),
    hostileObject,
    hostileProxy,
  ),
})).value;

/** The first secret found in `text` in any spelling, or undefined. */
export function leakedSecret(text: string): string | undefined {
  const decoded = decodeEverything(text);
  for (const s of SECRETS) {
    if (decoded.includes(s.toLowerCase())) return s;
    for (const fragment of base64Cores(s)) if (text.includes(fragment)) return `${s} (base64)`;
  }
  return undefined;
}

/** Undoes every encoding the arbitraries use, repeatedly (a spelling may be encoded twice). */
function decodeEverything(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    const next = current
      .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#x([0-9a-f]{1,6});?/gi, (_, h: string) => codePoint(parseInt(h, 16)))
      .replace(/&#(\d{1,7});?/g, (_, d: string) => codePoint(Number(d)))
      .replace(/\\(["\\/])/g, '$1');
    if (next === current) break;
    current = next;
  }
  return current.toLowerCase();
}

/** Stretches of a secret's base64 that do not depend on its neighbours, at each alignment. */
function base64Cores(s: string): string[] {
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), Buffer.from(s)]).toString('base64');
    const core = encoded.slice(4, -4);
    return [core, core.replace(/\+/g, '-').replace(/\//g, '_')];
  });
}

function codePoint(n: number): string {
  return n <= 0x10ffff ? String.fromCodePoint(n) : '';
}

function hex(c: string, width: number): string {
  return c.charCodeAt(0).toString(16).padStart(width, '0');
}

function attemptOr<T, F>(make: () => T, fallback: F): T | F {
  try {
    return make();
  } catch {
    return fallback;
  }
}
