// A job sent to Discord whose marks were lost (the store failing past markForMs) and which is run
// again: through the real notifier and REST client to the fake Discord over HTTP, the second run's
// post carries the same nonce, and Discord (the fake keeps its documented rule) makes no second message.
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDiscordNotifier, createRest } from '../../../src/chat/discord/index.js';
import { createRefusals } from '../../../src/chat/discord/refusals.js';
import { noMetrics } from '../../../src/domain/alert-metrics-sink.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { StoreError } from '../../../src/domain/store-ports.js';
import { chatPaceKey } from '../../../src/pushes/claim-keys.js';
import { createDeliver } from '../../../src/pushes/delivery/deliver.js';
import type { AlertJob, AlertPart } from '../../../src/pushes/delivery/job.js';
import { createRedactor } from '../../../src/util/redact.js';
import { startFakeDiscord, type FakeDiscord } from '../../chat/discord/fake-discord.js';
import { TOKEN } from '../../chat/discord/harness.js';
import { at, capturingLogger, memoryClaims, subscription, testSettings } from '../fakes.js';

const CHANNEL = '1300000000000000431';
const clock = fixedClock('2026-11-23T12:30:07Z');
const part = (n: number): AlertPart => ({
  key: `alerts:sent:discord:${CHANNEL}:s${n}:2026-11-23:450`,
  subId: `s${n}`,
  oneShot: false,
  reply: { kind: 'answer', title: `Stop ${n}`, blocks: [{ lines: ['95  4 min (07:34) 🕒'] }] },
});
const job: AlertJob = {
  id: `alert.discord.${CHANNEL}.1`,
  chat: { platform: 'discord', chatId: CHANNEL, chatType: 'channel' },
  dueAt: Date.parse('2026-11-23T12:30:00Z'),
  parts: [part(1), part(2)],
};

let discord: FakeDiscord;
beforeAll(async () => {
  discord = await startFakeDiscord({ token: TOKEN });
});
afterAll(() => discord.close());

it('a job run again after its marks were lost shows once on Discord', async () => {
  const claims = memoryClaims();
  const log = capturingLogger();
  const subs = [subscription(at('07:30'), { id: 's1' }), subscription(at('07:30'), { id: 's2' })];
  const deliver = createDeliver({
    notifiers: [
      createDiscordNotifier({
        rest: createRest(TOKEN, { apiRoot: discord.apiRoot }),
        logger: pino({ level: 'silent' }),
        redact: createRedactor([TOKEN]),
        refusals: createRefusals(),
      }),
    ],
    // Marking fails (the store down past markForMs): nothing tells the second run it was sent.
    claims: {
      ...claims,
      claim: (key, value, ttl) => (key.startsWith('alerts:sent:') ? Promise.reject(new StoreError('redis down')) : claims.claim(key, value, ttl)),
    },
    subscriptions: { list: () => Promise.resolve(subs), remove: vi.fn(() => Promise.resolve(true)) },
    lifecycle: { refused: () => Promise.resolve(), moved: () => Promise.resolve() },
    settings: testSettings(),
    clock,
    logger: log.logger,
    metrics: noMetrics,
    instance: 't',
    sleep: () => Promise.resolve(),
    markForMs: 0,
  });

  expect(await deliver(job)).toEqual({ kind: 'sent', messages: 1 });
  expect(log.messages()).toContain('alert sent but not marked: a catch-up may send it again');
  await claims.release(chatPaceKey(job.chat)); // the chat's pace has passed
  expect(await deliver(job)).toEqual({ kind: 'sent', messages: 1 });

  const posts = discord.callsTo('POST', new RegExp(`^/channels/${CHANNEL}/messages$`));
  expect(posts).toHaveLength(2);
  expect(posts[1]!.body.nonce).toBe(posts[0]!.body.nonce);
  expect(posts.map((p) => p.body.enforce_nonce)).toEqual([true, true]);
  expect([...discord.messages.values()].filter((m) => m.channel_id === CHANNEL)).toHaveLength(1);
  expect(discord.repeatedNonces).toHaveLength(1);
});
