// Webhook mode: Telegram (here: a plain HTTP client) POSTs updates to our server; only requests
// carrying the secret token are processed, so several instances can share one public URL.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/core/i18n.js';
import { localeFromCode, packageLanguages } from '../../../src/core/index.js';
import { createWebHandler } from '../../../src/web/index.js';
import { fakeTransit } from '../../core/fakes.js';
import { silentLogger } from '../../../src/log.js';
import type { Health } from '../../../src/domain/health.js';
import { createFakeCore, type FakeCore } from './fake-core.js';
import { ALICE, privateChat, startHarness, TOKEN, WEBHOOK_SECRET, type Harness } from './harness.js';

const PUBLIC_URL = 'https://bot.example.com/telegram/hook';

let h: Harness | undefined;
let core: FakeCore;
/** The ops server's health as main hands it to the webhook server; the test says whether the feeds are ready. */
let feedsReady = true;
const health: Health = { live: () => ({ ok: true, lastTick: null }), ready: () => ({ ok: feedsReady, lastTick: null }) };
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function startWebhookBot(): Promise<{
  post: (body: unknown, headers?: Record<string, string>, path?: string) => Promise<Response>;
  base: string;
}> {
  core = createFakeCore();
  feedsReady = true;
  h = await startHarness({ core, webhook: { url: PUBLIC_URL, secret: WEBHOOK_SECRET, port: 0, host: '127.0.0.1', health } });
  const base = `http://127.0.0.1:${h.telegram.webhookPort()}`;
  return {
    base,
    post: (body, headers = {}, path = '/telegram/hook') =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  };
}

const update = (id: number, text: string) => ({
  update_id: id,
  message: {
    message_id: id,
    date: 1_700_000_000,
    from: ALICE,
    chat: privateChat(ALICE),
    text,
    entities: [{ type: 'bot_command', offset: 0, length: 5 }],
  },
});

describe('Telegram adapter (webhook)', () => {
  it('registers the webhook with its secret at start and does not poll', async () => {
    await startWebhookBot();
    const [set] = h!.api.callsOf('setWebhook');
    expect(set!.params).toMatchObject({ url: PUBLIC_URL, secret_token: WEBHOOK_SECRET });
    expect(set!.params.allowed_updates).toEqual(['message', 'channel_post', 'callback_query', 'inline_query', 'my_chat_member', 'chat_member']);
    expect(h!.api.callsOf('deleteWebhook')).toHaveLength(0);
    expect(h!.api.openPolls()).toBe(0);
  });

  it('processes an update that carries the secret token', async () => {
    const { post } = await startWebhookBot();
    const res = await post(update(1, '/next 3017'), { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET });
    expect(res.status).toBe(200);
    const sent = await h!.api.waitForCall('sendMessage');
    expect(sent.params).toMatchObject({ chat_id: ALICE.id, parse_mode: 'HTML' });
    expect(core.seen).toHaveLength(1);
  });

  it('refuses updates without the secret, or with a wrong one, with 401 and no processing', async () => {
    const { post } = await startWebhookBot();
    const none = await post(update(2, '/next 3017'));
    const wrong = await post(update(3, '/next 3017'), { 'X-Telegram-Bot-Api-Secret-Token': `${WEBHOOK_SECRET}x` });
    const empty = await post(update(4, '/next 3017'), { 'X-Telegram-Bot-Api-Secret-Token': '' });
    expect([none.status, wrong.status, empty.status]).toEqual([401, 401, 401]);
    expect(core.seen).toHaveLength(0);
    expect(h!.api.callsOf('sendMessage')).toHaveLength(0);
    const body = await wrong.text();
    expect(body).not.toContain(WEBHOOK_SECRET);
  });

  it("answers the load balancer's probes with the ops server's health, and 404 elsewhere; logs hold neither secret", async () => {
    const { post, base } = await startWebhookBot();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // One meaning on both ports: a feed without its schedule is not ready, and the process still alive.
    feedsReady = false;
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ ok: false, lastTick: null });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await post(update(5, '/next 3017'), { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET }, '/other')).status).toBe(404);
    const logs = h!.logs.join('');
    expect(logs).toContain('webhook server listening');
    expect(logs).not.toContain(WEBHOOK_SECRET);
    expect(logs).not.toContain(TOKEN);
  });

  it("serves the live map's pages beside its own path when WEB_PORT is the webhook's, updates still to the bot", async () => {
    core = createFakeCore();
    const web = createWebHandler({
      transit: fakeTransit({}),
      t: createTranslator(packageLanguages()),
      localeFromCode,
      initDataMaxAgeSeconds: 3600,
      pollSeconds: 10,
      now: () => new Date('2026-11-27T12:00:00Z'),
      logger: silentLogger(),
    });
    h = await startHarness({ core, webhook: { url: PUBLIC_URL, secret: WEBHOOK_SECRET, port: 0, host: '127.0.0.1', health, web } });
    const base = `http://127.0.0.1:${h.telegram.webhookPort()}`;
    const page = await fetch(`${base}/map?route=95&stop=3017`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<html');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
    const posted = await fetch(`${base}/telegram/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET },
      body: JSON.stringify(update(9, '/next 3017')),
    });
    expect(posted.status).toBe(200);
    await h.api.waitForCall('sendMessage');
    expect(core.seen).toHaveLength(1);
  });

  it('stops the server on stop()', async () => {
    const { base } = await startWebhookBot();
    await h!.telegram.stop();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('refuses a request with the secret but a body over 1 MB: 413, logged, never handled', async () => {
    const { post } = await startWebhookBot();
    const huge = update(6, `/next 3017 ${'x'.repeat(2_000_000)}`);
    const res = await post(huge, { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET });
    expect(res.status).toBe(413);
    expect(core.seen).toHaveLength(0);
    const logged = h!.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'webhook request too large; refused');
    expect(logged).toMatchObject({ level: 40, limitBytes: 1_048_576 });
    // The server still serves.
    expect((await post(update(7, '/next 3017'), { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET })).status).toBe(200);
  });

  it('stops reading a body sent without a length once it passes the limit', async () => {
    const { base } = await startWebhookBot();
    const { port } = new URL(base);
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/telegram/hook',
      headers: { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET },
    });
    let sent = 0;
    let ended: string | undefined;
    const outcome = new Promise<string>((resolve) => {
      req.on('response', (res) => resolve(`status ${res.statusCode}`));
      req.on('error', (err) => resolve(`closed (${err.message})`));
    });
    void outcome.then((o) => (ended = o));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    // Up to 50 MB, as long as the server keeps reading; it should refuse after about 1 MB.
    while (ended === undefined && sent < 50_000_000) {
      sent += chunk.length;
      if (!req.write(chunk)) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await outcome).toMatch(/status 413|closed/);
    expect(sent).toBeLessThan(10_000_000);
    req.destroy();
    expect(core.seen).toHaveLength(0);
  });

  it('answers 400 to a request target that is not a URL path, and keeps serving', async () => {
    const { base } = await startWebhookBot();
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('POST //[ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'));
      socket.once('data', (data) => {
        resolve(String(data).split('\r\n')[0]!);
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(answer).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('answers 400 to a body that is not an update, instead of failing with 500', async () => {
    const { base } = await startWebhookBot();
    const send = (body: string) =>
      fetch(`${base}/telegram/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET },
        body,
      });
    expect((await send('{not json')).status).toBe(400);
    expect((await send('null')).status).toBe(400);
    expect((await send('{"update_id":"seven"}')).status).toBe(400);
    expect(core.seen).toHaveLength(0);
  });

  it('answers 200 to an update whose chat cannot be read, logs it once, and serves the next', async () => {
    const { post } = await startWebhookBot();
    const unreadable = {
      ...update(8, '/next 3017'),
      message: { ...update(8, '/next 3017').message, chat: { id: { toString: 1 }, type: 'private' } },
    };
    expect((await post(unreadable, { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET })).status).toBe(200);
    expect((await post(update(9, '/next 3017'), { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET })).status).toBe(200);
    await h!.api.waitForCall('sendMessage', (c) => c.params.chat_id === ALICE.id);
    expect(h!.logs.filter((l) => l.includes('"msg":"update failed"'))).toHaveLength(1);
    expect(h!.logs.join('')).not.toContain('webhook update failed');
  });
});
