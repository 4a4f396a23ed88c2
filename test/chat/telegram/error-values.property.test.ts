// Whatever is thrown or answered, every describer, the redactor, the error boundary and each of
// the adapter's log sites returns normally, and no secret survives in any spelling: neither in
// what they return nor in the log they write (pino, to memory).
import fc from 'fast-check';
import { BotError, type Api, type Context, type Transformer } from 'grammy';
import { pino, type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Speaking } from '../../../src/core/core.js';
import { registerCommandMenus } from '../../../src/chat/telegram/command-menu.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { describeError } from '../../../src/chat/telegram/describe-error.js';
import { errorBoundary } from '../../../src/chat/telegram/error-boundary.js';
import { createTelegramNotifier } from '../../../src/chat/telegram/notifier.js';
import { reportPollingStopped } from '../../../src/chat/telegram/polling-end.js';
import { watchPolling } from '../../../src/chat/telegram/polling-watch.js';
import { telegramRedactor } from '../../../src/chat/telegram/secrets.js';
import { classifyFailure, isMessageNotModified } from '../../../src/chat/telegram/send-failures.js';
import { answerFailedRequest } from '../../../src/chat/telegram/webhook-server.js';
import { fatalMessage } from '../../../src/util/fatal-message.js';
import { textOf } from '../../../src/util/text-of.js';
import { leakedSecret, rejectingWith, SECRETS, thrownValue, type Make } from './error-values.js';
import { TOKEN, WEBHOOK_SECRET } from './harness.js';

const RUNS = 300;
const redact = telegramRedactor(TOKEN, WEBHOOK_SECRET);

function memoryLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }), lines };
}

/** Each line is JSON, and neither it nor any text in it holds a secret. */
function expectCleanLog(lines: string[]): void {
  for (const line of lines) {
    const parsed = JSON.parse(line) as unknown;
    expectNoSecret(line);
    expectNoSecret(stringsIn(parsed).join('\n'));
  }
}

function expectNoSecret(text: string): void {
  const leaked = leakedSecret(text);
  if (leaked !== undefined) expect.fail(`secret ${leaked} survives in: ${text.slice(0, 300)}`);
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

/** A ctx as the boundary may get it: a usual one whose answers succeed or fail, or a broken one. */
const contextValue = fc.oneof(
  fc.tuple(fc.boolean(), fc.option(thrownValue, { nil: undefined })).map(([button, failure]) => () => {
    const answer = () => (failure === undefined ? Promise.resolve() : rejectingWith(failure()));
    return {
      update: { update_id: 7 },
      chat: { id: 1001, type: 'private' },
      from: { id: 1001, is_bot: false, first_name: 'A', language_code: 'fr' },
      msg: { message_id: 1 },
      ...(button ? { callbackQuery: { id: 'cb', data: 'r:3017' } } : {}),
      reply: answer,
      answerCallbackQuery: answer,
    };
  }),
  fc.constantFrom(undefined, null, {}, { update: null }).map((ctx) => () => ctx),
  thrownValue,
);

const core = (localeFailure: Make | undefined): Pick<Speaking, 't' | 'localeOf' | 'commandMenu'> => ({
  t: (locale) => `${locale}: something went wrong`,
  localeOf: () => (localeFailure === undefined ? Promise.resolve('fr') : rejectingWith(localeFailure())),
  commandMenu: () => [{ command: 'next', description: 'Next buses' }],
});

describe('any thrown value, through every describer and log site', () => {
  it('describers and the redactor return text without a secret, and never throw', () => {
    fc.assert(
      fc.property(thrownValue, (makeValue) => {
        const value = makeValue();
        const redacted = redact(value);
        expect(typeof redacted).toBe('string');
        expectNoSecret(redacted);

        const described = describeError(value, redact);
        for (const field of Object.values(described)) expect(['string', 'number']).toContain(typeof field);
        expectNoSecret(JSON.stringify(described));

        const last = fatalMessage(value, SECRETS);
        expect(last).not.toMatch(/[\n\r]/);
        expectNoSecret(last);

        expect(typeof textOf(value)).toBe('string');
        expect(typeof classifyFailure(value).reason).toBe('string');
        expect(typeof isMessageNotModified(value)).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });

  it('the error boundary, given any error and any ctx, resolves and logs no secret', async () => {
    await fc.assert(
      fc.asyncProperty(thrownValue, contextValue, fc.option(thrownValue, { nil: undefined }), async (makeValue, makeCtx, localeFailure) => {
        const value = makeValue();
        const ctx = makeCtx();
        const { logger, lines } = memoryLog();
        const boundary = errorBoundary({ core: core(localeFailure), logger, redact });
        const botError = attemptOr(() => new BotError(value, ctx as Context), { error: value, ctx } as unknown as BotError<Context>);
        await expect(boundary(botError)).resolves.toBeUndefined();
        expect(lines.length).toBeGreaterThanOrEqual(1);
        expectCleanLog(lines);
      }),
      { numRuns: RUNS },
    );
  });

  it('the error boundary describes what failed before grammY made a context (the runner hands it over bare)', async () => {
    const { logger, lines } = memoryLog();
    await errorBoundary({ core: core(undefined), logger, redact })(new TypeError("Cannot read properties of null (reading 'update_id')") as never);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'update failed',
      error: { type: 'TypeError', message: expect.stringContaining('update_id') as unknown },
    });
  });

  it('the end of polling, the command menus, a failing poll, a failed delivery and a failed webhook request', async () => {
    await fc.assert(
      fc.asyncProperty(thrownValue, fc.boolean(), async (makeValue, answered) => {
        const value = makeValue();
        const { logger, lines } = memoryLog();

        const stopped = reportPollingStopped(value, logger, redact);
        expectNoSecret(stopped.message);

        const api = { token: TOKEN, setMyCommands: () => rejectingWith(value), sendMessage: () => rejectingWith(value) } as unknown as Api;
        await expect(registerCommandMenus(api, core(undefined), packageLanguages(), logger, redact)).resolves.toBeUndefined();

        // The value comes back from a poll once, as an answer or as a rejection; then a real list.
        const watch = watchPolling({ logger, redact, clock: () => new Date(0), sleep: () => Promise.resolve() });
        let polls = 0;
        const prev = (() => {
          if (polls++ > 0) return Promise.resolve({ ok: true, result: [] });
          return answered ? Promise.resolve(value) : rejectingWith(value);
        }) as unknown as Parameters<Transformer>[0];
        await expect(watch(prev, 'getUpdates', {})).resolves.toBeDefined();

        const delivery = await createTelegramNotifier(api, logger, redact).send('1001', { kind: 'answer', blocks: [{ lines: ['95 in 4 min'] }] });
        expect(delivery.status).not.toBe('sent');
        expectNoSecret(JSON.stringify(delivery));

        const res = {
          headersSent: false,
          statusCode: 0,
          writeHead(status: number) {
            this.statusCode = status;
            return this;
          },
          end() {
            return this;
          },
          once() {
            return this;
          },
        };
        answerFailedRequest(value, res as never, logger, redact);
        expect(res.statusCode).toBe(500);

        expectCleanLog(lines);
      }),
      { numRuns: RUNS },
    );
  });

  it('a secret in a text of several megabytes is still found and removed', () => {
    // Secrets at the start, across the point where descriptions are cut short, and far beyond.
    const spelled = encodeURIComponent(TOKEN);
    const huge = `${spelled} ${'a'.repeat(1_990)}${spelled}${'b'.repeat(3_000_000)}${spelled}`;
    const described = describeError(new Error(huge), redact);
    expectNoSecret(JSON.stringify(described));
    expect(String(described.message)).not.toContain(spelled.slice(0, 12));
    expect(String(described.message).length).toBeLessThan(2_100);
    expect(redact(huge).match(/\[redacted\]/g)).toHaveLength(3);
    expectNoSecret(fatalMessage(huge, SECRETS));
  });
});

function attemptOr<T>(make: () => T, fallback: T): T {
  try {
    return make();
  } catch {
    return fallback;
  }
}
