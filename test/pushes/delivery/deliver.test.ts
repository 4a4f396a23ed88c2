import { describe, expect, it, vi } from 'vitest';
import { createDeliver, type DeliverDeps } from '../../../src/pushes/delivery/deliver.js';
import { noMetrics } from '../../../src/domain/alert-metrics-sink.js';
import { chatPaceKey, chatSendingKey } from '../../../src/pushes/claim-keys.js';
import type { AlertJob, AlertPart } from '../../../src/pushes/delivery/job.js';
import type { Reply } from '../../../src/domain/reply.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { StoreError, type Claims } from '../../../src/domain/store-ports.js';
import type { Subscription } from '../../../src/domain/subscription.js';
import { at, capturingLogger, memoryClaims, recordingNotifier, subscription, testSettings, type Script } from '../fakes.js';

const clock = fixedClock('2026-11-23T12:30:07Z');
const reply = (title: string, lines = ['95  4 min (07:34) 🕒']): Reply => ({ kind: 'answer', title, blocks: [{ lines }] });
const part = (n: number, extra: Partial<AlertPart> = {}): AlertPart => ({
  key: `alerts:sent:telegram:42:s${n}:2026-11-23:450`,
  subId: `s${n}`,
  oneShot: false,
  reply: reply(`Stop ${n}`),
  ...extra,
});
const job = (parts: AlertPart[], chatType: 'private' | 'group' = 'private'): AlertJob => ({
  id: 'alert.telegram.42.1',
  chat: { platform: 'telegram', chatId: '42', chatType },
  dueAt: Date.parse('2026-11-23T12:30:00Z'),
  parts,
});

/** The chat's subscriptions s1 ... s9 as the store holds them when the job is sent. */
function chatSubscriptions() {
  const live = new Map<string, Subscription>(Array.from({ length: 9 }, (_, i) => [`s${i + 1}`, subscription(at('07:30'), { id: `s${i + 1}` })]));
  return {
    live,
    list: vi.fn((_chat: unknown) => Promise.resolve([...live.values()])),
    remove: vi.fn((_chat: unknown, id: string) => Promise.resolve(live.delete(id))),
  };
}

function setup(script?: Script) {
  const claims = memoryClaims();
  const notifier = recordingNotifier(clock, script !== undefined ? { script } : {});
  const log = capturingLogger();
  const refused = vi.fn((_chat: unknown) => Promise.resolve());
  const subscriptions = chatSubscriptions();
  // Moving keeps the chat's subscriptions (this fake lists the same ones whatever the chat).
  const moved = vi.fn((_from: unknown, _to: unknown) => Promise.resolve());
  const lifecycle = { refused, moved };
  const { remove } = subscriptions;
  const sent = vi.fn();
  const deliver = createDeliver({
    notifiers: [notifier],
    claims,
    subscriptions,
    lifecycle,
    settings: testSettings({ chatIntervalMs: 1_000, groupPerMinute: 20 }),
    clock,
    logger: log.logger,
    metrics: { ...noMetrics, sent },
    instance: 'test',
    sleep: () => Promise.resolve(),
  });
  /** The same chat's delivery over other claims (a store that fails, another sender's hold), at the default settings. */
  const deliverOver = (other: Claims, extra: Partial<DeliverDeps> = {}) =>
    createDeliver({
      notifiers: [notifier],
      claims: other,
      subscriptions,
      lifecycle,
      settings: testSettings(),
      clock,
      logger: log.logger,
      metrics: noMetrics,
      instance: 't',
      sleep: () => Promise.resolve(),
      ...extra,
    });
  return { claims, notifier, log, refused, moved, lifecycle, subscriptions, remove, sent, deliver, deliverOver };
}

describe('delivering one job', () => {
  it('merges the parts into one message, marks each sent, keeps the chat paced', async () => {
    const s = setup();
    expect(await s.deliver(job([part(1), part(2)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(s.notifier.sent).toHaveLength(1);
    expect(s.notifier.sent[0]!.reply.blocks.map((b) => b.heading)).toEqual(['Stop 1', 'Stop 2']);
    expect(await s.claims.holder(part(1).key)).toBeDefined();
    expect(await s.claims.holder(part(2).key)).toBeDefined();
    expect(s.claims.held.get(chatPaceKey(job([]).chat))!.until - Date.now()).toBeGreaterThan(900);
    expect(await s.claims.holder(chatSendingKey(job([]).chat))).toBeUndefined();
    expect(s.sent).toHaveBeenCalledWith('telegram', 2, 7);
  });

  it('groups and channels are paced at their per-minute limit', async () => {
    const s = setup();
    await s.deliver(job([part(1)], 'group'));
    expect(s.claims.held.get(chatPaceKey(job([]).chat))!.until - Date.now()).toBeGreaterThan(2_900);
  });

  it('skips parts already sent: a stalled job run again sends only what is missing', async () => {
    const s = setup();
    await s.claims.claim(part(1).key, 'earlier', 60_000);
    expect(await s.deliver(job([part(1), part(2)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(s.notifier.sent[0]!.reply.title).toBe('Stop 2');
    await s.claims.release(chatPaceKey(job([]).chat));
    expect(await s.deliver(job([part(1), part(2)]))).toEqual({ kind: 'skipped' });
    expect(s.notifier.sent).toHaveLength(1);
  });

  it('sends nothing of a subscription removed or paused since it was due, read again just before sending', async () => {
    const s = setup();
    s.subscriptions.live.delete('s1');
    s.subscriptions.live.set('s2', { ...s.subscriptions.live.get('s2')!, paused: 'user' });
    expect(await s.deliver(job([part(1), part(2), part(3)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(s.notifier.sent.map((m) => m.reply.title)).toEqual(['Stop 3']);
    await s.claims.release(chatPaceKey(job([]).chat));
    expect(await s.deliver(job([part(1), part(2)]))).toEqual({ kind: 'skipped' });
    expect(s.notifier.sent).toHaveLength(1);
  });

  it('a trip change told through a live message: sent while the chat has an active alert or none, not once it paused them all or refused the bot', async () => {
    const live = (n: number) => part(n, { key: `trips:sent:telegram:42:3017:95:08:12:x${n}:cancelled`, subId: '', live: true });
    const s = setup();
    expect(await s.deliver(job([live(1)]))).toEqual({ kind: 'sent', messages: 1 });
    await s.claims.release(chatPaceKey(job([]).chat));
    for (const [id, sub] of s.subscriptions.live) s.subscriptions.live.set(id, { ...sub, paused: 'user' });
    expect(await s.deliver(job([live(2)]))).toEqual({ kind: 'skipped' });
    s.subscriptions.live.set('s1', { ...s.subscriptions.live.get('s1')!, paused: undefined });
    s.subscriptions.live.set('s2', { ...s.subscriptions.live.get('s2')!, paused: 'refused' });
    expect(await s.deliver(job([live(3)]))).toEqual({ kind: 'skipped' });
    s.subscriptions.live.clear();
    expect(await s.deliver(job([live(4)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(s.notifier.sent).toHaveLength(2);
  });

  it('waits while another sender holds the chat, or while its pace lasts', async () => {
    const s = setup();
    await s.claims.claim(chatSendingKey(job([]).chat), 'other', 30_000);
    expect(await s.deliver(job([part(1)]))).toEqual({ kind: 'wait', ms: 500 });
    await s.claims.release(chatSendingKey(job([]).chat));
    await s.claims.claim(chatPaceKey(job([]).chat), 'other', 1_000);
    expect(await s.deliver(job([part(1)]))).toEqual({ kind: 'wait', ms: 1_000 });
    // Its own hold was let go again.
    expect(await s.claims.holder(chatSendingKey(job([]).chat))).toBeUndefined();
    expect(s.notifier.sent).toEqual([]);
  });

  it('lets go of its own send hold only: one that lapsed mid-send and was taken by another stays', async () => {
    const claims = memoryClaims();
    const s = setup(async () => {
      await claims.release(chatSendingKey(job([]).chat));
      await claims.claim(chatSendingKey(job([]).chat), 'another sender', 30_000);
      return { status: 'sent' };
    });
    const deliver = s.deliverOver(claims);
    expect(await deliver(job([part(1)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(await claims.holder(chatSendingKey(job([]).chat))).toBe('another sender');
  });

  it('a permanent refusal pauses the chat, logged once', async () => {
    const s = setup(() => ({ status: 'permanent-failure', reason: '403: Forbidden: bot was kicked' }));
    expect(await s.deliver(job([part(1)]))).toEqual({ kind: 'refused', reason: '403: Forbidden: bot was kicked' });
    await s.deliver(job([part(2)]));
    expect(s.refused).toHaveBeenCalledWith({ platform: 'telegram', chatId: '42' });
    expect(s.log.lines.filter((l) => l.msg === 'the platform refuses the chat: its alerts are paused')).toHaveLength(1);
    expect(await s.claims.holder(part(1).key)).toBeUndefined();
  });

  it('a chat that moved (a group become a supergroup) has its alerts moved and the message sent to its new id', async () => {
    const s = setup((chatId) =>
      chatId === '42'
        ? { status: 'moved', chatId: '-100777', reason: '400: Bad Request: group chat was upgraded to a supergroup chat' }
        : { status: 'sent' },
    );
    expect(await s.deliver(job([part(1), part(2)], 'group'))).toEqual({ kind: 'sent', messages: 1 });
    expect(s.moved).toHaveBeenCalledWith({ platform: 'telegram', chatId: '42' }, { platform: 'telegram', chatId: '-100777' });
    expect(s.refused).not.toHaveBeenCalled();
    expect(s.notifier.sent.map((m) => m.chatId)).toEqual(['-100777']);
    expect(await s.claims.holder(part(1).key)).toBeDefined();
  });

  it('follows a move once per job: a chat that moves again is tried later', async () => {
    const s = setup((chatId) => ({ status: 'moved', chatId: `${chatId}0`, reason: '400: upgraded' }));
    expect(await s.deliver(job([part(1)], 'group'))).toEqual({ kind: 'retry', reason: '400: upgraded' });
    expect(s.moved).toHaveBeenCalledTimes(1);
  });

  it('a temporary failure asks for a retry and marks nothing; a throwing notifier counts as one', async () => {
    const s = setup(() => ({ status: 'temporary-failure', reason: '502 Bad Gateway' }));
    expect(await s.deliver(job([part(1)]))).toEqual({ kind: 'retry', reason: '502 Bad Gateway' });
    expect(await s.claims.holder(part(1).key)).toBeUndefined();
    const t = setup(() => {
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    });
    expect(await t.deliver(job([part(1)]))).toEqual({ kind: 'retry', reason: 'Error: socket hang up' });
  });

  it('a one-shot subscription is removed once sent', async () => {
    const s = setup();
    await s.deliver(job([part(1, { oneShot: true }), part(2)]));
    expect(s.remove).toHaveBeenCalledTimes(1);
    expect(s.remove).toHaveBeenCalledWith({ platform: 'telegram', chatId: '42', chatType: 'private' }, 's1');
  });

  it('a store that fails before the send asks for a retry; after the send, it is logged and never retried', async () => {
    const s = setup();
    const broken = { ...s.claims, claim: () => Promise.reject(new StoreError('redis down')) };
    const deliver = s.deliverOver(broken);
    expect(await deliver(job([part(1)]))).toEqual({ kind: 'retry', reason: 'store: StoreError: redis down' });

    let claimsMade = 0;
    const failsAfterSending = {
      ...s.claims,
      claim: (key: string, value: string, ttl?: number) =>
        ++claimsMade > 1 ? Promise.reject(new StoreError('redis down')) : s.claims.claim(key, value, ttl),
    };
    const second = s.deliverOver(failsAfterSending);
    expect(await second(job([part(1)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(s.log.lines.find((l) => l.msg === 'alert sent but not marked: a catch-up may send it again')).toBeDefined();
  });

  it('a store failing after the send (a failover): the mark is asked again until it lands, and the job run again sends nothing', async () => {
    const s = setup();
    let failing = 3;
    const slept: number[] = [];
    // The first failure lands the mark but loses its answer, as a primary dying mid-reply does.
    const failingForAWhile = {
      ...s.claims,
      claim: async (key: string, value: string, ttl?: number) => {
        if (key !== part(1).key || failing === 0) return s.claims.claim(key, value, ttl);
        if (failing-- === 3) await s.claims.claim(key, value, ttl);
        throw new StoreError('The client is offline');
      },
    };
    const deliver = s.deliverOver(failingForAWhile, { sleep: (ms) => Promise.resolve(void slept.push(ms)) });
    expect(await deliver(job([part(1)]))).toEqual({ kind: 'sent', messages: 1 });
    expect(slept).toEqual([250, 500, 1_000]);
    expect(await s.claims.holder(part(1).key)).toBeDefined();
    expect(s.log.lines.map((l) => l.msg)).toContain('alert sent and marked once the store answered again');
    expect(s.log.lines.map((l) => l.msg)).not.toContain('alert was already marked sent: it went out twice');
    expect(s.log.lines.map((l) => l.msg)).not.toContain('alert sent but not marked: a catch-up may send it again');

    await s.claims.release(chatPaceKey(job([]).chat)); // the chat's pace has passed
    expect(await deliver(job([part(1)]))).toEqual({ kind: 'skipped' });
    expect(s.notifier.sent).toHaveLength(1);
  });

  it('names each message by its alerts: a job run again after its marks were lost sends under the same key (Telegram cannot use it: shown twice)', async () => {
    const s = setup();
    const lost = {
      ...s.claims,
      claim: (key: string, value: string, ttl?: number) =>
        key.startsWith('alerts:sent:') ? Promise.reject(new StoreError('redis down')) : s.claims.claim(key, value, ttl),
    };
    const deliver = s.deliverOver(lost, { markForMs: 0 });
    expect(await deliver(job([part(1), part(2)]))).toEqual({ kind: 'sent', messages: 1 });
    await s.claims.release(chatPaceKey(job([]).chat));
    expect(await deliver(job([part(1), part(2)]))).toEqual({ kind: 'sent', messages: 1 });
    const [first, again] = s.notifier.sent.map((m) => m.once);
    expect(first).toMatch(/^[\w-]{25}$/);
    expect(again).toBe(first);
    // Other alerts, or the same in another chat, are another message.
    await s.claims.release(chatPaceKey(job([]).chat));
    await deliver(job([part(1)]));
    await deliver({ ...job([part(1), part(2)]), chat: { platform: 'telegram', chatId: '43', chatType: 'private' } });
    expect(new Set(s.notifier.sent.map((m) => m.once)).size).toBe(3);
  });

  it('splits what would not fit one message, sending each part once', async () => {
    const s = setup();
    // About 1,400 characters each: two fit the 3,000 of one message, the third goes in a second.
    const long = (n: number) =>
      part(n, {
        reply: reply(
          `Stop ${n}`,
          Array.from({ length: 20 }, (_, i) => `line ${String(i).padStart(2)} ${'x'.repeat(60)}`),
        ),
      });
    expect(await s.deliver(job([long(1), long(2), long(3)]))).toEqual({ kind: 'sent', messages: 2 });
    expect(s.notifier.sent.map((m) => m.reply.title ?? m.reply.blocks.map((b) => b.heading).join('+'))).toEqual(['Stop 1+Stop 2', 'Stop 3']);
    expect(s.notifier.sent[0]!.once).not.toBe(s.notifier.sent[1]!.once);
    expect(await Promise.all([1, 2, 3].map((n) => s.claims.holder(long(n).key)))).not.toContain(undefined);
  });

  it('drops a job for a platform without an adapter, logged once', async () => {
    const s = setup();
    const discord: AlertJob = { ...job([part(1)]), chat: { platform: 'discord', chatId: '9', chatType: 'group' } };
    expect(await s.deliver(discord)).toEqual({ kind: 'dropped', reason: 'no discord adapter' });
    await s.deliver(discord);
    expect(s.log.lines.filter((l) => l.msg === 'alerts due on a platform this instance does not serve: dropped')).toHaveLength(1);
  });
});
