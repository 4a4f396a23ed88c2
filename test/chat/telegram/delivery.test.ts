// Outgoing calls under failure: the notifier's verdicts, bounded retries, and no token anywhere.
import { GrammyError } from 'grammy';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryResult } from '../../../src/domain/notifier.js';
import type { Reply } from '../../../src/domain/reply.js';
import { createTelegramNotifier } from '../../../src/chat/telegram/notifier.js';
import { classifyFailure } from '../../../src/chat/telegram/send-failures.js';
import type { RawAnswer } from './fake-bot-api.js';
import { createFakeCore } from './fake-core.js';
import { ALICE, startHarness, TOKEN, type Harness } from './harness.js';

const ALERT: Reply = { kind: 'answer', title: 'Stop 3017 <alert>', blocks: [{ lines: ['95 in 4 min'] }] };
const noWait = () => Promise.resolve();

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Telegram notifier', () => {
  it('reports sent, and renders the alert as HTML', async () => {
    h = await startHarness({ core: createFakeCore(), start: false });
    expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({ status: 'sent' });
    expect(h.api.callsOf('sendMessage')[0]!.params).toMatchObject({
      chat_id: '1001',
      parse_mode: 'HTML',
      text: '<b>Stop 3017 &lt;alert&gt;</b>\n\n95 in 4 min',
    });
  });

  it('reports blocked, kicked, deactivated and chat not found as permanent failures', async () => {
    h = await startHarness({ core: createFakeCore(), start: false });
    const refusals = [
      { error_code: 403, description: 'Forbidden: bot was kicked from the supergroup chat' },
      { error_code: 403, description: 'Forbidden: user is deactivated' },
      { error_code: 400, description: 'Bad Request: chat not found' },
    ];
    for (const refusal of refusals) {
      h.api.failNext('sendMessage', refusal);
      expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({
        status: 'permanent-failure',
        reason: `${refusal.error_code}: ${refusal.description}`,
      });
    }
    expect(h.api.callsOf('sendMessage')).toHaveLength(3); // no retries for what cannot succeed
  });

  it("reports a group that became a supergroup as moved, with the supergroup's id", async () => {
    h = await startHarness({ core: createFakeCore(), start: false });
    h.api.failNext('sendMessage', {
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description: 'Bad Request: group chat was upgraded to a supergroup chat',
        parameters: { migrate_to_chat_id: -1001234567890 },
      },
    });
    expect(await h.telegram.notifier.send('-4001', ALERT)).toEqual({
      status: 'moved',
      chatId: '-1001234567890',
      reason: '400: Bad Request: group chat was upgraded to a supergroup chat',
    });
  });

  it('reports a rate limit longer than it is willing to wait as a temporary failure, without waiting', async () => {
    h = await startHarness({ core: createFakeCore(), start: false, retry: { maxDelaySeconds: 30 } });
    h.api.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 3600', retry_after: 3600 });
    expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({
      status: 'temporary-failure',
      reason: '429: Too Many Requests: retry after 3600',
    });
    expect(h.api.callsOf('sendMessage')).toHaveLength(1);
  });

  it('retries a dropped connection a bounded number of times, then reports a temporary failure', async () => {
    const waits: number[] = [];
    h = await startHarness({
      core: createFakeCore(),
      start: false,
      retry: {
        attempts: 3,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    });
    h.api.failNext('sendMessage', 'disconnect');
    expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({ status: 'sent' });
    expect(h.api.callsOf('sendMessage')).toHaveLength(2);

    for (let i = 0; i < 3; i++) h.api.failNext('sendMessage', 'disconnect');
    const result = await h.telegram.notifier.send('1001', ALERT);
    expect(result.status).toBe('temporary-failure');
    expect(h.api.callsOf('sendMessage')).toHaveLength(5);
    expect(waits).toEqual([1000, 1000, 2000]);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });
});

describe('Telegram server errors (5xx)', () => {
  it('a 502 then success: waits once, then delivers the alert', async () => {
    const waits: number[] = [];
    h = await startHarness({
      core: createFakeCore(),
      start: false,
      retry: {
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    });
    h.api.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({ status: 'sent' });
    expect(h.api.callsOf('sendMessage').map((c) => c.answer)).toEqual([
      { ok: false, error_code: 502, description: 'Bad Gateway' },
      expect.objectContaining({ message_id: expect.any(Number) as unknown }) as unknown,
    ]);
    expect(waits).toEqual([1000]);
  });

  it('5xx on every attempt: a bounded number of tries, spaced out, then a temporary failure', async () => {
    const waits: number[] = [];
    h = await startHarness({
      core: createFakeCore(),
      start: false,
      retry: {
        attempts: 3,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    });
    h.api.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    h.api.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error' });
    h.api.failNext('sendMessage', { error_code: 503, description: 'Service Unavailable' });
    expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({ status: 'temporary-failure', reason: '503: Service Unavailable' });
    expect(h.api.callsOf('sendMessage')).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    // The next alert starts afresh.
    expect(await h.telegram.notifier.send('1001', ALERT)).toEqual({ status: 'sent' });
  });

  it('a rider reply hit by a 502 still arrives', async () => {
    const waits: number[] = [];
    h = await startHarness({
      core: createFakeCore(),
      retry: {
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    });
    h.api.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    h.text('/next 3017');
    const delivered = await h.api.waitForCall('sendMessage', (c) => (c.answer as { message_id?: number } | undefined)?.message_id !== undefined);
    expect(String(delivered.params.text)).toContain('Stop 3017');
    expect(h.api.callsOf('sendMessage')).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });
});

describe('delivery facing answers off the Bot API shape', () => {
  it('never rejects, keeps the reason readable and short, and retries only real 5xx answers', async () => {
    const waits: number[] = [];
    h = await startHarness({
      core: createFakeCore(),
      start: false,
      retry: {
        attempts: 3,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    });
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    };
    const cases: Array<[RawAnswer, DeliveryResult]> = [
      [
        { status: 400, body: { ok: false, error_code: 400 } },
        { status: 'temporary-failure', reason: '400' },
      ],
      [
        { status: 200, body: { result: true } },
        { status: 'temporary-failure', reason: 'an answer without an error code' },
      ],
      [
        { status: 403, body: { ok: false, error_code: 403, description: { text: 'blocked' } } },
        { status: 'permanent-failure', reason: '403: {"text":"blocked"}' },
      ],
      [
        { status: 400, body: { ok: false, error_code: 400, description: 7 } },
        { status: 'temporary-failure', reason: '400: 7' },
      ],
      [
        { status: 400, body: { ok: false, error_code: 400, description: `Bad Request: ${'x'.repeat(100_000)}` } },
        { status: 'temporary-failure', reason: expect.stringMatching(/^400: Bad Request: x+… \(\d+ more characters\)$/) as string },
      ],
    ];
    for (const [answer, expected] of cases) {
      h.api.failNext('sendMessage', answer);
      const result = await h.telegram.notifier.send('1001', ALERT);
      expect(result).toEqual(expected);
      if (result.status !== 'sent') expect(result.reason.length).toBeLessThan(600);
    }
    expect(h.api.callsOf('sendMessage')).toHaveLength(cases.length); // none was retried
    expect(waits).toEqual([]);
    // Set after construction: GrammyError's own constructor would throw on it.
    const odd = Object.assign(new GrammyError('x', { ok: false, error_code: 400, description: '' }, 'sendMessage', {}), { description: hostile });
    expect(classifyFailure(odd)).toEqual({
      kind: 'temporary',
      reason: '400: {}',
    });
  });
});

describe('secrets', () => {
  it('a notifier made without a redactor still keeps the token out of its reasons', async () => {
    h = await startHarness({ core: createFakeCore(), start: false });
    const notifier = createTelegramNotifier(h.telegram.bot.api, pino({ level: 'silent' }));
    h.api.failNext('sendMessage', { error_code: 403, description: `Forbidden: bot ${TOKEN} was blocked by the user` });
    expect(await notifier.send('1001', ALERT)).toEqual({
      status: 'permanent-failure',
      reason: '403: Forbidden: bot [redacted] was blocked by the user',
    });
  });

  it('the token appears in no log line and no outgoing text, even when every kind of failure happens', async () => {
    h = await startHarness({ core: createFakeCore(), retry: { attempts: 2, sleep: noWait, maxDelaySeconds: 1 } });
    // A reply that fails with an error quoting the URL, then the boundary's apology.
    h.api.failNext('sendMessage', { error_code: 400, description: `Bad Request: bad url /bot${TOKEN}/sendMessage` });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage', (c) => c.params.text === 'Something went wrong');
    // A connection dropped on every attempt, then the apology (also dropped).
    for (let i = 0; i < 4; i++) h.api.failNext('sendMessage', 'disconnect');
    h.text('/next 3018');
    h.text('/next 3019');
    await h.api.waitForCall('sendMessage', (c) => String(c.params.text).includes('3019') && c.answer !== undefined);
    // A refused alert whose description (from a misbehaving self-hosted API server) quotes the token.
    h.api.failNext('sendMessage', { error_code: 403, description: `Forbidden: bot ${TOKEN} was blocked by the user` });
    const refused = await h.telegram.notifier.send(String(ALICE.id), ALERT);
    expect(refused).toEqual({ status: 'permanent-failure', reason: '403: Forbidden: bot [redacted] was blocked by the user' });
    // A group's move to a supergroup, its description quoting the token too.
    h.api.failNext('sendMessage', {
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description: `Bad Request: group chat was upgraded (bot${TOKEN})`,
        parameters: { migrate_to_chat_id: -1009 },
      },
    });
    expect(await h.telegram.notifier.send('-4001', ALERT)).toEqual({
      status: 'moved',
      chatId: '-1009',
      reason: '400: Bad Request: group chat was upgraded (bot[redacted])',
    });

    const logs = h.logs.join('');
    expect(logs).toContain('update failed');
    expect(logs).toContain('HttpError');
    expect(logs).toContain('telegram delivery failed');
    expect(logs).not.toContain(TOKEN);
    expect(logs).not.toContain(TOKEN.split(':')[1]);
    for (const call of h.api.calls) expect(JSON.stringify(call.params)).not.toContain(TOKEN.split(':')[1]);
  });
});
