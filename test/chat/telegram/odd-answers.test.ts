// Answers off the Bot API's documented shape (no description, no `ok`, a number for a description,
// an emulator's `{message}`, an HTML error page) must never take the bot down: each is logged as
// what it is, the rider is still answered, and nothing prints a stack or grammY's error banner.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RawAnswer } from './fake-bot-api.js';
import { createFakeCore, type FakeCore } from './fake-core.js';
import { ALICE, privateChat, startHarness, TOKEN, WEBHOOK_SECRET, type Harness } from './harness.js';

const noWait = () => Promise.resolve();
let h: Harness | undefined;
let core: FakeCore;
let consoleError: MockInstance;
let unhandled: unknown[];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeEach(() => {
  core = createFakeCore();
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  process.off('unhandledRejection', onUnhandled);
  consoleError.mockRestore();
});

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}
const linesOf = (harness: Harness): LogLine[] => harness.logs.map((l) => JSON.parse(l) as LogLine);

async function waitForLog(harness: Harness, msg: string, guardMs = 5000): Promise<LogLine> {
  const until = Date.now() + guardMs;
  for (;;) {
    const found = linesOf(harness).find((l) => l.msg === msg);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no "${msg}" in the log: ${harness.logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The rider still gets /help and arrivals, and the output holds no stack, banner or secret. */
async function expectStillServing(harness: Harness): Promise<void> {
  harness.text('/help');
  await harness.api.waitForCall('sendMessage', (c) => c.params.text === '/help');
  harness.text('/next 3017');
  await harness.api.waitForCall('sendMessage', (c) => String(c.params.text).includes('Stop 3017'));
  expectCleanOutput(harness);
}

function expectCleanOutput(harness: Harness): void {
  const output = harness.logs.join('');
  expect(output).not.toMatch(/"stack"|\\n\s+at /);
  expect(output).not.toContain('TypeError');
  expect(output).not.toContain(TOKEN.split(':')[1]);
  expect(consoleError).not.toHaveBeenCalled();
  expect(unhandled).toEqual([]);
}

const ODD_ANSWERS: Array<[string, RawAnswer]> = [
  ['a 404 without a description', { status: 404, body: { ok: false, error_code: 404 } }],
  ['a 200 without `ok`', { status: 200, body: { result: true } }],
  ['a description that is a number', { status: 400, body: { ok: false, error_code: 400, description: 42 } }],
  ["an emulator's {message}", { status: 501, body: { message: 'setMyCommands is not implemented' } }],
  ['an HTML error page', { status: 502, text: '<html><body>502 Bad Gateway</body></html>' }],
];

describe('answers off the Bot API shape', () => {
  it.each(ODD_ANSWERS)('start survives setMyCommands failing with %s', async (_name, answer) => {
    h = await startHarness({ core, retry: { sleep: noWait }, start: false });
    h.api.failAlways('setMyCommands', answer);
    await h.telegram.start();
    const warned = await waitForLog(h, 'could not set the command menus; continuing');
    expect(warned.level).toBe(40);
    await expectStillServing(h);
  });

  it('start survives an emulator without deleteWebhook: polling goes on, with a warning', async () => {
    h = await startHarness({ core, retry: { sleep: noWait }, start: false });
    h.api.failAlways('deleteWebhook', { status: 404, body: { message: 'deleteWebhook is not implemented' } });
    await h.telegram.start();
    expect((await waitForLog(h, 'could not delete a webhook left from before; polling goes on')).level).toBe(40);
    await expectStillServing(h);
  });

  it('409 without a description: polling stops with the hint, and ended() says why', async () => {
    h = await startHarness({ core });
    h.api.failNext('getUpdates', { status: 409, body: { ok: false, error_code: 409 } });
    const ended = h.telegram.ended().then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    const guard = new Promise<string>((resolve) => setTimeout(() => resolve('never settled'), 5000));
    expect(await Promise.race([ended, guard])).toMatch(/TELEGRAM_WEBHOOK_URL/);
    const stopped = await waitForLog(h, 'telegram polling stopped');
    expect(stopped).toMatchObject({ level: 50, error: { type: 'GrammyError', code: 409 }, hint: expect.stringContaining('one poller') as unknown });
    expectCleanOutput(h);
  });

  it('a send failing without a description: logged as it is, the rider told, no banner', async () => {
    h = await startHarness({ core });
    h.api.failNext('sendMessage', { status: 400, body: { ok: false, error_code: 400 } });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage', (c) => c.params.text === 'Something went wrong');
    const failed = await waitForLog(h, 'update failed');
    expect(failed).toMatchObject({ level: 50, error: { type: 'GrammyError', method: 'sendMessage', code: 400 } });
    await expectStillServing(h);
  });

  it('a send failing without a description in webhook mode: HTTP 200, so Telegram does not redeliver', async () => {
    h = await startHarness({ core, webhook: { url: 'https://bot.example.com/hook', secret: WEBHOOK_SECRET, port: 0, host: '127.0.0.1' } });
    h.api.failNext('sendMessage', { status: 400, body: { ok: false, error_code: 400 } });
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 1_700_000_000,
        from: ALICE,
        chat: privateChat(ALICE),
        text: '/next 3017',
        entities: [{ type: 'bot_command', offset: 0, length: 5 }],
      },
    };
    const res = await fetch(`http://127.0.0.1:${h.telegram.webhookPort()}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET },
      body: JSON.stringify(update),
    });
    expect(res.status).toBe(200);
    await h.api.waitForCall('sendMessage', (c) => c.params.text === 'Something went wrong');
    expectCleanOutput(h);
  });

  it.each([
    ['a 502 without a description', { status: 502, body: { ok: false, error_code: 502 } }, { type: 'GrammyError', code: 502 }],
    ['an HTML 502 page', { status: 502, text: '<html>Bad Gateway</html>' }, { type: 'HttpError' }],
    ['a 200 without `ok`', { status: 200, body: { result: [] } }, { type: 'GrammyError' }],
  ] as Array<[string, RawAnswer, Record<string, unknown>]>)(
    'getUpdates answering %s: logged as such, polling goes on',
    async (_name, answer, error) => {
      h = await startHarness({ core, retry: { sleep: noWait } });
      h.api.failNext('getUpdates', answer);
      const failing = await waitForLog(h, 'telegram polling failing; retrying');
      expect(failing).toMatchObject({ error });
      await expectStillServing(h);
      await waitForLog(h, 'telegram polling recovered');
    },
  );
});
