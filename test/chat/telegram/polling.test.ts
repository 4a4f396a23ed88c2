// Long polling under failure, over real HTTP to the fake Bot API: the operator hears once that
// polling fails, now and then while it goes on failing, and once when it recovers; never the
// token; and stopping is not held up by a pending retry.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from './fake-core.js';
import { startHarness, TOKEN, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}
const WARN = 40;
const linesOf = (harness: Harness): LogLine[] => harness.logs.map((l) => JSON.parse(l) as LogLine);
const pollingLines = (harness: Harness) => linesOf(harness).filter((l) => l.msg.startsWith('telegram polling'));

/** A clock that only the bot's waits move: each backoff advances it by the time waited. */
function steppedClock() {
  let t = 1_700_000_000_000;
  const waits: number[] = [];
  return {
    waits,
    clock: () => new Date(t),
    sleep: (ms: number) => {
      waits.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
}

describe('Telegram polling failures', () => {
  it('one warning when polling starts failing, one info when it recovers, the token in neither', async () => {
    const clock = steppedClock();
    h = await startHarness({ core: createFakeCore(), clock: clock.clock, retry: { sleep: clock.sleep } });
    h.api.failNext('getUpdates', 'disconnect');
    h.api.failNext('getUpdates', { error_code: 502, description: 'Bad Gateway' });
    h.api.failNext('getUpdates', { error_code: 500, description: 'Internal Server Error' });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage'); // delivered only by a poll that succeeded

    expect(h.api.callsOf('getUpdates')).toHaveLength(3);
    expect(clock.waits).toEqual([1000, 2000, 4000]);
    const lines = pollingLines(h);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [WARN, 'telegram polling failing; retrying'],
      [30, 'telegram polling recovered'],
    ]);
    // The first failure was a dropped connection: grammY's error quotes the URL, token and all.
    expect(lines[0]).toMatchObject({ error: { type: 'HttpError' }, retryInMs: 1000 });
    expect(lines[1]).toMatchObject({ failures: 3, failedForSeconds: 7 });
    expect(h.logs.join('')).not.toContain(TOKEN.split(':')[1]);
  });

  it("a long outage: a reminder every few minutes, the backoff capped, Telegram's retry_after honoured", async () => {
    const clock = steppedClock();
    h = await startHarness({ core: createFakeCore(), clock: clock.clock, retry: { sleep: clock.sleep } });
    for (let i = 0; i < 11; i++) h.api.failNext('getUpdates', { error_code: 502, description: 'Bad Gateway' });
    h.api.failNext('getUpdates', { error_code: 429, description: 'Too Many Requests: retry after 90', retry_after: 90 });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage');

    expect(clock.waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000, 60000, 90000]);
    const lines = pollingLines(h);
    expect(lines.map((l) => l.msg)).toEqual([
      'telegram polling failing; retrying',
      'telegram polling still failing', // 5 min 3 s into the outage
      'telegram polling recovered',
    ]);
    expect(lines[0]).toMatchObject({ error: { type: 'GrammyError', code: 502, description: 'Bad Gateway' } });
    expect(lines[1]).toMatchObject({ failures: 11, failingForSeconds: 303 });
    expect(lines[2]).toMatchObject({ failures: 12, failedForSeconds: 453 });
  });

  it('drops entries of a poll that are not updates (an id that is no number, a null) and polls on past them', async () => {
    const clock = steppedClock();
    h = await startHarness({ core: createFakeCore(), clock: clock.clock, retry: { sleep: clock.sleep } });
    h.api.failNext('getUpdates', { status: 200, body: { ok: true, result: [null, { update_id: '7', message: 'x' }] } });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage');
    expect(linesOf(h).find((l) => l.msg === 'telegram sent entries that are not updates; dropped')).toMatchObject({ level: WARN, dropped: 2 });
    expect(clock.waits).toEqual([1000]); // a list of nothing else is waited out like a failed poll
  });

  it('stop() during an outage ends the pending wait instead of sitting it out', async () => {
    let waiting: () => void = () => {};
    const waitStarted = new Promise<void>((resolve) => (waiting = resolve));
    // A wait that never ends by itself: only the abort that stop() sends can end it.
    const endless = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        waiting();
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    h = await startHarness({ core: createFakeCore(), retry: { sleep: endless } });
    h.api.failNext('getUpdates', { error_code: 502, description: 'Bad Gateway' });
    await waitStarted;
    await h.telegram.stop();
    await h.api.waitForNoPolls();
    expect(pollingLines(h).map((l) => l.msg)).toEqual(['telegram polling failing; retrying']);
  });

  it('409 (another poller) stops polling with an error that says what to do', async () => {
    h = await startHarness({ core: createFakeCore() });
    h.api.failNext('getUpdates', {
      error_code: 409,
      description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    await h.api.waitForCall('getUpdates');
    await h.api.waitForNoPolls();
    const stopped = await waitForLog(h, 'telegram polling stopped');
    expect(stopped).toMatchObject({ level: 50, error: { code: 409 }, hint: expect.stringContaining('TELEGRAM_WEBHOOK_URL') as unknown });
    expect(pollingLines(h).map((l) => l.msg)).toEqual(['telegram polling stopped']);
  });
});

async function waitForLog(harness: Harness, msg: string): Promise<LogLine> {
  for (;;) {
    const found = linesOf(harness).find((l) => l.msg === msg);
    if (found) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
