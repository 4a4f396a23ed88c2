// watchPolling on its own, fed answers that a proxy or an emulator may give: every wait stays a
// finite, bounded number of milliseconds, and only a real list of updates counts as success.
import type { Transformer } from 'grammy';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { watchPolling } from '../../../src/chat/telegram/polling-watch.js';
import { createRedactor } from '../../../src/util/redact.js';

type Prev = Parameters<Transformer>[0];

/** Polls once through watchPolling: `answers` are given in turn, then a real (empty) list. */
async function poll(answers: unknown[]) {
  const waits: number[] = [];
  const logs: string[] = [];
  const watch = watchPolling({
    logger: pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) }),
    redact: createRedactor(['secret']),
    clock: () => new Date(0),
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  const queue = [...answers];
  const prev = (() => Promise.resolve(queue.length > 0 ? queue.shift() : { ok: true, result: [] })) as unknown as Prev;
  const result = await watch(prev, 'getUpdates', {});
  return { result, waits, logs: logs.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('watchPolling, answers off the documented shape', () => {
  it('honours a sane retry_after, caps a huge one, ignores one that is not a positive number', async () => {
    const tooMany = (retry_after: unknown) => ({ ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after } });
    const { waits } = await poll([tooMany(90), tooMany(1e12), tooMany('soon'), tooMany(Number.NaN), tooMany(-5), tooMany({}), tooMany(null)]);
    expect(waits).toEqual([90_000, 600_000, 4000, 8000, 16_000, 32_000, 60_000]);
  });

  it('counts only a list of updates as success: ok without a list, null, a bare string are failures', async () => {
    const { result, waits, logs } = await poll([{ ok: true, result: true }, null, 'Bad Gateway', { ok: true }]);
    expect(result).toEqual({ ok: true, result: [] });
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(logs[0]).toMatchObject({ msg: 'telegram polling failing; retrying', error: { type: 'object', message: '{"ok":true,"result":true}' } });
    expect(logs.at(-1)).toMatchObject({ msg: 'telegram polling recovered', failures: 4 });
  });

  it('passes 401 and 409 on, with or without a description, for the runner to stop on', async () => {
    for (const refusal of [
      { ok: false, error_code: 409 },
      { ok: false, error_code: 401, description: 'Unauthorized' },
    ]) {
      const { result, waits } = await poll([refusal]);
      expect(result).toBe(refusal);
      expect(waits).toEqual([]);
    }
  });
});
