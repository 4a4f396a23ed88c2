import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/domain/reply.js';
import { createDiscordNotifier, createRest, type DiscordNotifier } from '../../../src/chat/discord/index.js';
import { createRefusals, type Refusals } from '../../../src/chat/discord/refusals.js';
import { createRedactor } from '../../../src/util/redact.js';
import { TOKEN } from './harness.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord.js';

// Alerts leave through REST only (no gateway): to a server channel by its id, to a user ("@id")
// through their DM channel, opened once.

const CHANNEL = '1300000000000000401';
const OTHER_CHANNEL = '1300000000000000402';
const USER = '1300000000000000501';
const alert: Reply = {
  kind: 'answer',
  title: 'BASELINE STATION (3017)',
  blocks: [{ heading: '95 Barrhaven Centre', lines: ['3 min (08:08) 📡 @everyone'] }],
  footer: ['Updated at 08:05'],
  buttons: [[{ label: 'Refresh', command: { name: 'next', options: { stop: '3017', route: '95' } }, effect: 'update' }]],
};

describe('the Discord notifier', () => {
  let discord: FakeDiscord;
  let notifier: DiscordNotifier;
  let refusals: Refusals;
  const logs: string[] = [];
  beforeAll(async () => {
    discord = await startFakeDiscord({ token: TOKEN });
    refusals = createRefusals();
    const logger = pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) });
    notifier = createDiscordNotifier({
      rest: createRest(TOKEN, { apiRoot: discord.apiRoot, maxRateLimitWaitMs: 5_000 }),
      logger,
      redact: createRedactor([TOKEN]),
      refusals,
    });
  });
  afterAll(() => discord.close());

  it('posts the embed and its buttons to a channel, pinging nobody', async () => {
    expect(await notifier.send(CHANNEL, alert)).toEqual({ status: 'sent' });
    const [post] = discord.callsTo('POST', new RegExp(`^/channels/${CHANNEL}/messages$`));
    expect(post!.auth).toBe(`Bot ${TOKEN}`);
    expect(post!.body.embeds![0]).toMatchObject({
      title: 'BASELINE STATION (3017)',
      fields: [{ name: '95 Barrhaven Centre', value: '3 min (08:08) 📡 @everyone' }],
    });
    expect(post!.body.components![0]!.components[0]).toMatchObject({ label: 'Refresh', custom_id: 'b1:u:next?stop=3017&route=95' });
    expect(post!.body.allowed_mentions).toEqual({ parse: [] });
  });

  it("sends a key as the message's nonce, enforced: the same key again (an answer lost, a job run again) makes no second message", async () => {
    const channel = '1300000000000000410';
    const posts = () => discord.callsTo('POST', new RegExp(`^/channels/${channel}/messages$`));
    const shown = () => [...discord.messages.values()].filter((m) => m.channel_id === channel);
    expect(await notifier.send(channel, alert, { once: 'k7Hq0-Zr_2xYb9LmN3pQ4sTu5' })).toEqual({ status: 'sent' });
    expect(posts()[0]!.body).toMatchObject({ nonce: 'k7Hq0-Zr_2xYb9LmN3pQ4sTu5', enforce_nonce: true });
    expect(await notifier.send(channel, alert, { once: 'k7Hq0-Zr_2xYb9LmN3pQ4sTu5' })).toEqual({ status: 'sent' });
    expect(posts().map((c) => c.status)).toEqual([200, 200]);
    expect(shown()).toHaveLength(1);
    expect(discord.repeatedNonces).toEqual([{ channelId: channel, nonce: 'k7Hq0-Zr_2xYb9LmN3pQ4sTu5', messageId: shown()[0]!.id }]);
    // Another key, or none, is another message.
    expect(await notifier.send(channel, alert, { once: 'another-message' })).toEqual({ status: 'sent' });
    expect(await notifier.send(channel, alert)).toEqual({ status: 'sent' });
    expect(posts()[3]!.body).not.toHaveProperty('nonce');
    expect(shown()).toHaveLength(3);
  });

  it('opens a DM channel once per user, even for two alerts at the same moment', async () => {
    const results = await Promise.all([notifier.send(`@${USER}`, alert), notifier.send(`@${USER}`, alert)]);
    expect(results).toEqual([{ status: 'sent' }, { status: 'sent' }]);
    expect(await notifier.send(`@${USER}`, alert)).toEqual({ status: 'sent' });
    const opened = discord.callsTo('POST', /^\/users\/@me\/channels$/);
    expect(opened.map((c) => c.body.recipient_id)).toEqual([USER]);
    const dm = (opened[0]!.answer as { id: string }).id;
    expect(discord.callsTo('POST', new RegExp(`^/channels/${dm}/messages$`))).toHaveLength(3);
  });

  it('waits out a 429 as Discord says (retry_after), then sends', async () => {
    discord.failNext('POST', new RegExp(`^/channels/${OTHER_CHANNEL}/messages$`), {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.8, global: false },
      headers: { 'retry-after': '1', 'x-ratelimit-scope': 'user' },
    });
    const started = Date.now();
    expect(await notifier.send(OTHER_CHANNEL, alert)).toEqual({ status: 'sent' });
    const attempts = discord.callsTo('POST', new RegExp(`^/channels/${OTHER_CHANNEL}/messages$`));
    expect(attempts.map((c) => c.status)).toEqual([429, 200]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("tells the pushes' budget of a global 429 (it holds every instance), not of one route's", async () => {
    const heard: number[] = [];
    notifier.onRateLimited?.((ms) => heard.push(ms));
    const channel = '1300000000000000429';
    discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.2, global: false },
      headers: { 'retry-after': '0.2', 'x-ratelimit-scope': 'user' },
    });
    expect(await notifier.send(channel, alert)).toEqual({ status: 'sent' });
    expect(heard).toEqual([]);
    discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.5, global: true },
      headers: { 'retry-after': '0.5', 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
    });
    expect(await notifier.send(channel, alert)).toEqual({ status: 'sent' });
    expect(heard).toEqual([500]);
  });

  it('gives up at once, for later, on a 429 longer than its bound', async () => {
    const channel = '1300000000000000403';
    discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 600, global: false },
      headers: { 'retry-after': '600' },
    });
    const started = Date.now();
    const result = await notifier.send(channel, alert);
    expect(result).toEqual({ status: 'temporary-failure', reason: expect.stringMatching(/rate limited for 600 s/) as string });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a user whose DMs refuse the bot (403 50007) as a permanent failure, and never tries again', async () => {
    const user = '1300000000000000502';
    discord.refuse('POST', /^\/channels\/\d+\/messages$/, { status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
    try {
      expect(await notifier.send(`@${user}`, alert)).toEqual({ status: 'permanent-failure', reason: '403 50007: Cannot send messages to this user' });
      const before = discord.calls.length;
      const again = await notifier.send(`@${user}`, alert);
      expect(again.status).toBe('permanent-failure');
      expect(discord.calls.length).toBe(before);
      expect(refusals.reasonFor(`@${user}`)).toBe('403 50007: Cannot send messages to this user');
    } finally {
      discord.clearRefusals();
    }
  });

  it('sorts refusals: kicked, no permission, deleted are permanent; the rest worth another try', async () => {
    const cases: Array<[number, Record<string, unknown>, 'permanent-failure' | 'temporary-failure']> = [
      [403, { message: 'Missing Access', code: 50001 }, 'permanent-failure'],
      [403, { message: 'Missing Permissions', code: 50013 }, 'permanent-failure'],
      [404, { message: 'Unknown Channel', code: 10003 }, 'permanent-failure'],
      [403, { message: 'You need to verify your account', code: 40002 }, 'temporary-failure'],
      [400, { message: 'Invalid Form Body', code: 50035 }, 'temporary-failure'],
    ];
    for (const [i, [status, body, expected]] of cases.entries()) {
      const channel = `13000000000000006${String(i).padStart(2, '0')}`;
      discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), { status, body });
      expect((await notifier.send(channel, alert)).status, JSON.stringify(body)).toBe(expected);
      expect(discord.callsTo('POST', new RegExp(`^/channels/${channel}/messages$`))).toHaveLength(1);
    }
  });

  it('treats server errors as temporary, after the REST client retried them', async () => {
    const channel = '1300000000000000701';
    for (let i = 0; i < 4; i++) discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), { status: 502 });
    expect((await notifier.send(channel, alert)).status).toBe('temporary-failure');
    expect(discord.callsTo('POST', new RegExp(`^/channels/${channel}/messages$`))).toHaveLength(4);
  });

  it('refuses what is not a Discord chat id, without a request', async () => {
    const before = discord.calls.length;
    for (const chatId of ['', 'abc', '@', '@abc', '12', '-100200300', `@@${USER}`, `${CHANNEL} `]) {
      expect(await notifier.send(chatId, alert)).toEqual({ status: 'permanent-failure', reason: 'not a Discord channel or user id' });
    }
    expect(discord.calls.length).toBe(before);
  });

  it('never lets the token into a reason or a log line, even when Discord echoes it', async () => {
    const channel = '1300000000000000801';
    discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), {
      status: 403,
      body: { message: `Bot ${TOKEN} is missing access`, code: 50001 },
    });
    const result = await notifier.send(channel, alert);
    expect(result).toEqual({ status: 'permanent-failure', reason: '403 50001: Bot [redacted] is missing access' });
    expect(logs.join('\n')).not.toContain(TOKEN);
    expect(logs.join('\n')).not.toContain(TOKEN.split('.')[2]);
  });
});

describe('the Discord notifier after Discord refused the token', () => {
  it('reports temporary failures without the token: the REST client stops using a refused token', async () => {
    const discord = await startFakeDiscord({ token: TOKEN });
    try {
      const logs: string[] = [];
      const notifier = createDiscordNotifier({
        rest: createRest(TOKEN, { apiRoot: discord.apiRoot }),
        logger: pino({ level: 'trace' }, { write: (l: string) => void logs.push(l) }),
        redact: createRedactor([TOKEN]),
        refusals: createRefusals(),
      });
      discord.failNext('POST', /^\/channels\/\d+\/messages$/, { status: 401, body: { message: '401: Unauthorized', code: 0 } });
      expect(await notifier.send(CHANNEL, alert)).toEqual({ status: 'temporary-failure', reason: '401 0: 401: Unauthorized' });
      const next = await notifier.send(CHANNEL, alert);
      expect(next.status).toBe('temporary-failure');
      expect(discord.callsTo('POST', /^\/channels\/\d+\/messages$/)).toHaveLength(1);
      expect(logs.join('\n')).not.toContain(TOKEN);
    } finally {
      await discord.close();
    }
  });
});

describe('the Discord notifier when REST itself fails in odd ways', () => {
  const odd: unknown[] = [
    null,
    undefined,
    `network down: Bot ${TOKEN}`,
    { message: TOKEN },
    Object.create(null) as object,
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(TOKEN);
        },
        getPrototypeOf: () => {
          throw new Error(TOKEN);
        },
      },
    ),
    Object.assign(new Error(`fetch failed for ${TOKEN}`), { cause: new Error(TOKEN) }),
    (() => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    })(),
    (() => {
      const e = new Error('x');
      Object.defineProperty(e, 'message', {
        get: () => {
          throw new Error(TOKEN);
        },
      });
      return e;
    })(),
  ];

  it.each(odd.map((thrown, i) => [i, thrown]))('case %i: a temporary failure, never a throw, never the token', async (_i, thrown) => {
    const logs: string[] = [];
    // A rejection of any shape, on purpose.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const rest = { post: () => Promise.reject(thrown) } as unknown as ReturnType<typeof createRest>;
    const notifier = createDiscordNotifier({
      rest,
      logger: pino({ level: 'trace' }, { write: (l: string) => void logs.push(l) }),
      redact: createRedactor([TOKEN]),
      refusals: createRefusals(),
    });
    const result = await notifier.send('1300000000000000901', alert);
    expect(result.status).toBe('temporary-failure');
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });
});
