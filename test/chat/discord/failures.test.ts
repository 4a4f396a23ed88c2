import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BotCore } from '../../../src/core/core.js';
import { describeError, scrub } from '../../../src/chat/discord/describe-error.js';
import { createRedactor } from '../../../src/util/redact.js';
import { riderWorld, startHarness, TOKEN, type Harness } from './harness.js';
import { autocomplete, BENOIT, press, slash } from './interactions.js';

// Whatever goes wrong while answering, the rider gets a polite private word (or an empty list),
// the log gets a summary without the token, and nothing throws out of the adapter.

const EPHEMERAL = 64;
const redact = createRedactor([TOKEN]);

function oddThrowables(): Array<[string, () => unknown]> {
  return [
    ['an Error quoting the token', () => new Error(`request to https://discord.com/api?auth=Bot ${TOKEN} failed`)],
    ['a string', () => `failed with ${TOKEN}`],
    ['null', () => null],
    ['undefined', () => undefined],
    ['a number', () => 42],
    ['an object holding the token', () => ({ token: TOKEN, nested: { why: TOKEN } })],
    ['a null-prototype object', () => Object.create(null) as object],
    [
      'a circular object',
      () => {
        const o: Record<string, unknown> = { token: TOKEN };
        o.self = o;
        return o;
      },
    ],
    [
      'an Error whose message getter throws',
      () => {
        const e = new Error('x');
        Object.defineProperty(e, 'message', {
          get: () => {
            throw new Error(TOKEN);
          },
        });
        return e;
      },
    ],
    [
      'a revoked proxy',
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      },
    ],
    [
      'a proxy whose every trap throws',
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error(TOKEN);
            },
            getPrototypeOf: () => {
              throw new Error(TOKEN);
            },
            has: () => {
              throw new Error(TOKEN);
            },
          },
        ),
    ],
    ['a symbol', () => Symbol(TOKEN)],
  ];
}

describe('describeError and scrub', () => {
  it.each(oddThrowables())('summarise %s without throwing or showing the token', (_name, make) => {
    const thrown = make();
    const summary = describeError(thrown, redact);
    expect(JSON.stringify(summary)).not.toContain(TOKEN);
    expect(typeof scrub(thrown, redact)).toBe('string');
  });

  it('remove interaction tokens from the routes errors carry', () => {
    expect(scrub('PATCH https://discord.com/api/v10/webhooks/130000/aW50ZXJhY3Rpb24.secret-part/messages/@original failed', redact)).toBe(
      'PATCH https://discord.com/api/v10/webhooks/130000/[token]/messages/@original failed',
    );
    expect(scrub('/interactions/1300/abc-def_ghi/callback?with_response=false', redact)).toBe(
      '/interactions/1300/[token]/callback?with_response=false',
    );
  });
});

describe('the error boundary around every interaction', () => {
  let h: Harness;
  /** What the core throws; undefined: it works. */
  let fail: (() => unknown) | undefined;
  beforeAll(async () => {
    const { core } = riderWorld();
    const failing: BotCore = {
      ...core,
      // Rejections of any shape, on purpose: the boundary must cope with whatever is thrown.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      run: (request, chat) => (fail ? Promise.reject(fail()) : core.run(request, chat)),
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      suggest: (...args) => (fail ? Promise.reject(fail()) : core.suggest(...args)),
    };
    h = await startHarness({ core: failing });
  });
  afterAll(() => h.close());

  it.each(oddThrowables())('after %s: the rider is told privately, and the log holds no token', async (_name, make) => {
    fail = make;
    const logsBefore = h.logs.length;
    // Deferred first (it asks the network), so the apology is a private follow-up.
    const deferred = h.discord.interact(slash('next', { stop: '3017' }, BENOIT, 'dm'));
    await h.discord.waitForCall('POST', /webhooks\/\d+\/[^/]+$/, (c) => c.path.includes(deferred));
    expect(h.discord.followUps(deferred)[0]).toMatchObject({
      content: 'Quelque chose a mal tourné de mon côté. Réessayez dans une minute.',
      flags: EPHEMERAL,
    });
    // Not deferred: the apology is the private reply itself.
    const direct = h.discord.interact(slash('help', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(direct));
    expect(h.discord.original(direct)).toMatchObject({ content: 'Something went wrong on my side. Try again in a minute.', flags: EPHEMERAL });
    // Autocomplete: an empty list rather than no answer.
    const typed = h.discord.interact(autocomplete('next', 'stop', '30'));
    const answer = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(typed));
    expect(answer.body).toEqual({ type: 8, data: { choices: [] } });
    const logged = h.logs.slice(logsBefore).join('\n');
    expect(logged).toContain('interaction failed');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(TOKEN.split('.')[2]);
  });

  it('stops at a logged line when Discord says the interaction can no longer be answered', async () => {
    fail = undefined;
    h.discord.failNext('POST', /\/callback$/, { status: 404, body: { message: 'Unknown interaction', code: 10062 } });
    const token = h.discord.interact(slash('help', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
    // Once the failure is logged the interaction is over: nothing more would be sent for it.
    await vi.waitFor(() => expect(h.logs.some((l) => l.includes('"code":10062') && l.includes('interaction failed'))).toBe(true), { timeout: 5_000 });
    expect(h.discord.calls.filter((c) => c.path.includes(token))).toHaveLength(1);
    expect(h.logs.join('\n')).not.toContain(token);
  });

  it('logs, without the token, a reply that Discord refuses, and the apology that fails too', async () => {
    fail = undefined;
    // Server errors are retried by the REST client (four tries in all), then the apology is refused.
    h.discord.failNext('POST', /\/callback$/, { status: 500 });
    h.discord.failNext('POST', /\/callback$/, { status: 500 });
    h.discord.failNext('POST', /\/callback$/, { status: 500 });
    h.discord.failNext('POST', /\/callback$/, { status: 500 });
    h.discord.failNext('POST', /\/callback$/, { status: 400, body: { message: `Invalid Form Body for Bot ${TOKEN}`, code: 50035 } });
    const token = h.discord.interact(slash('help', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token) && c.status === 400);
    await vi.waitFor(() => expect(h.logs.join('\n')).toContain('could not tell the user about the failure'), { timeout: 5_000 });
    const logged = h.logs.join('\n');
    expect(logged).toContain('"type":"HTTPError","status":500');
    expect(logged).toContain('could not tell the user about the failure');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(token);
  });

  it('says a pressed button of an older message has expired even when the core is failing', async () => {
    fail = () => new Error('boom');
    const message = { id: '1300000000000009999', channel_id: '1300000000000000302', content: '', embeds: [], components: [], flags: 0, history: [] };
    const token = h.discord.interact(press('old-button', message));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
    expect(h.discord.original(token)).toMatchObject({ content: 'This button has expired. Send the stop number again.', flags: EPHEMERAL });
  });
});
