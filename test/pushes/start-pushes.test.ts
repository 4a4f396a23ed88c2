import { afterEach, describe, expect, it } from 'vitest';
import { startPushes } from '../../src/pushes/start-pushes.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { privateChat, route, stopArrivals, trip } from '../core/fakes.js';
import { at, capturingLogger, near, recordingNotifier, subscription, testSettings } from './fakes.js';
import { harness } from './harness.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

// Ottawa in November is UTC-5: 07:30 there is 12:30Z. Monday 23 Nov 2026.
const WEEKDAYS = [1, 2, 3, 4, 5] as const;
let stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});

async function started(options: Parameters<typeof harness>[0]) {
  const h = await harness(options);
  stops.push(h.stop);
  return h;
}

describe('timed alerts through the scheduler', () => {
  it('fires at its minute, once, on its days only', async () => {
    const h = await started({ start: '2026-11-23T12:28:00Z', subs: [subscription(at('07:30', [...WEEKDAYS]))] });
    await h.everyMinute('2026-11-23T12:28:00Z', '2026-11-23T12:40:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-11-23T12:30:00.000Z']);
    expect(h.notifier.sent[0]!.text).toContain('95');
    // Named for the platform (through the spaced and budgeted wrappers), so that sent again it can show once.
    expect(h.notifier.sent[0]!.once).toMatch(/^[\w-]{25}$/);
    // Saturday and Sunday: nothing; Monday again.
    await h.everyMinute('2026-11-28T12:25:00Z', '2026-11-28T12:35:00Z');
    await h.everyMinute('2026-11-29T12:25:00Z', '2026-11-29T12:35:00Z');
    await h.everyMinute('2026-11-30T12:29:00Z', '2026-11-30T12:32:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-11-23T12:30:00.000Z', '2026-11-30T12:30:00.000Z']);
  });

  it('logs the start and each tick with its totals', async () => {
    const h = await started({ start: '2026-11-23T12:30:00Z', subs: [subscription(at('07:30'))] });
    await h.tickAt('2026-11-23T12:30:00Z');
    expect(h.log.lines.find((l) => l.msg === 'pushes started')).toMatchObject({ level: 30, queue: 'in-process', catchUpMinutes: 5 });
    expect(h.log.lines.find((l) => l.msg === 'alert tick')).toMatchObject({ level: 30, minutes: 6, due: 1, queued: 1, upstreamCalls: 1 });
  });

  it('makes up a minute no tick handled, within the catch-up window, once', async () => {
    const h = await started({ start: '2026-11-23T12:33:20Z', subs: [subscription(at('07:30'))] });
    await h.tickAt('2026-11-23T12:33:20Z');
    await h.tickAt('2026-11-23T12:34:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-11-23T12:33:20.000Z']);
    // A first tick makes up the whole window: no instance had marked any of it done.
    expect(h.log.lines.find((l) => l.msg === 'made up minutes no instance had handled')?.minutes).toContain('2026-11-23T12:30:00.000Z');
  });

  it('drops and logs an alert older than the catch-up window', async () => {
    const h = await started({ start: '2026-11-23T12:40:00Z', subs: [subscription(at('07:30'))], settings: { catchUpMinutes: 5 } });
    await h.tickAt('2026-11-23T12:40:00Z');
    await h.tickAt('2026-11-23T12:41:00Z');
    expect(h.notifier.sent).toEqual([]);
    const dropped = h.log.lines.filter((l) => l.msg === 'alerts older than the catch-up window: dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ level: 40, minute: '2026-11-23T12:30:00.000Z', alerts: 1 });
  });

  it('a tick missed by a slow machine is made up by the next, and the minute that leaves the window is checked', async () => {
    const h = await started({
      start: '2026-11-23T12:29:00Z',
      subs: [subscription(at('07:30')), subscription(at('07:31'), { chatId: '43' })],
      settings: { catchUpMinutes: 2 },
    });
    await h.tickAt('2026-11-23T12:29:00Z');
    // 12:30 to 12:33 pass without a tick; 12:30 is out of a 2-minute window by then, 12:31 is not.
    await h.tickAt('2026-11-23T12:33:00Z');
    expect(h.notifier.sent.map((s) => s.chatId)).toEqual(['43']);
    expect(h.log.lines.filter((l) => l.msg === 'alerts older than the catch-up window: dropped').map((l) => l.minute)).toEqual([
      '2026-11-23T12:30:00.000Z',
    ]);
  });
});

describe('daylight saving time in Ottawa, through the scheduler', () => {
  it('spring forward (8 March 2026): 02:30 fires once, at 03:00 (07:00Z); 03:00 too, in the same message', async () => {
    const h = await started({ start: '2026-03-08T06:30:00Z', subs: [subscription(at('02:30')), subscription(at('03:00'))] });
    await h.everyMinute('2026-03-08T06:30:00Z', '2026-03-08T08:30:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-03-08T07:00:00.000Z']);
    expect(h.notifier.sent[0]!.text.match(/⏰/g)).toHaveLength(2);
  });

  it('fall back (1 November 2026): 01:30 fires once, on the first pass (05:30Z)', async () => {
    const h = await started({ start: '2026-11-01T04:00:00Z', subs: [subscription(at('01:30'))] });
    await h.everyMinute('2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-11-01T05:30:00.000Z']);
  });

  it('fall back: a restart in the repeated hour still sends 01:30 once', async () => {
    const h = await started({ start: '2026-11-01T05:25:00Z', subs: [subscription(at('01:30'))] });
    await h.everyMinute('2026-11-01T05:25:00Z', '2026-11-01T05:35:00Z');
    await h.restart();
    await h.everyMinute('2026-11-01T06:25:00Z', '2026-11-01T06:35:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-11-01T05:30:00.000Z']);
  });

  it('a window across the spring gap is watched once, at 03:00', async () => {
    const arrivals = stopArrivals([route('95', [trip(3)])]);
    const h = await started({ start: '2026-03-08T06:58:00Z', subs: [subscription(near(5, '02:00', '02:45'))], arrivals: { '3017': arrivals } });
    await h.everyMinute('2026-03-08T06:58:00Z', '2026-03-08T07:10:00Z');
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-03-08T07:00:00.000Z']);
  });
});

describe('"bus is near" alerts', () => {
  it('fires once per window per day, when the bus is within N minutes', async () => {
    let minutesAway = 12;
    const h = await started({
      start: '2026-11-23T11:59:00Z',
      subs: [subscription(near(5, '07:00', '08:00'))],
      arrivals: { '3017': () => stopArrivals([route('95', [trip(minutesAway)])]) },
    });
    for (const [time, away] of [
      ['11:59', 2],
      ['12:00', 12],
      ['12:03', 7],
      ['12:05', 5],
      ['12:06', 4],
      ['12:07', 2],
      ['12:20', 1],
    ] as const) {
      minutesAway = away;
      await h.tickAt(`2026-11-23T${time}:00Z`);
    }
    expect(h.notifier.sent.map((s) => s.at)).toEqual(['2026-11-23T12:05:00.000Z']);
    expect(h.notifier.sent[0]!.text).toMatch(/Route 95 to Barrhaven Centre is 5 min from/);
    // The next day's window fires again.
    await h.tickAt('2026-11-24T12:10:00Z');
    expect(h.notifier.sent).toHaveLength(2);
  });

  it('the 🔔 one-shot ends after its window, fired or not: it neither stays listed nor fires a week later', async () => {
    let minutesAway = 67;
    // Sunday 22 November 2026, 22:50 in Ottawa.
    const h = await started({ start: '2026-11-23T03:50:00Z', arrivals: { '3017': () => stopArrivals([route('95', [trip(minutesAway)])]) } });
    expect((await h.pressNotify()).kind).toBe('answer');
    const chat = { platform: 'telegram', chatId: '42' } as const;
    expect(await h.stores.subscriptions.list(chat)).toHaveLength(1);
    await h.everyMinute('2026-11-23T03:50:00Z', '2026-11-23T04:52:00Z');
    expect(h.notifier.sent).toEqual([]);
    const subs = await h.core.run({ name: 'subs', options: {} }, privateChat());
    expect(subs.blocks.flatMap((b) => b.lines).join('\n')).toMatch(/No alerts in this chat/);
    // A week later, same window, the bus near: nothing.
    minutesAway = 4;
    await h.everyMinute('2026-11-30T03:50:00Z', '2026-11-30T04:00:00Z');
    expect(h.notifier.sent).toEqual([]);
  });

  it('asks upstream only while a window is open', async () => {
    const h = await started({
      start: '2026-11-23T11:55:00Z',
      subs: [subscription(near(5, '07:00', '07:02'))],
      arrivals: { '3017': stopArrivals([route('95', [trip(30)])]) },
    });
    await h.everyMinute('2026-11-23T11:55:00Z', '2026-11-23T12:06:00Z');
    expect(h.transit.calls).toHaveLength(3);
    expect(h.notifier.sent).toEqual([]);
  });
});

describe('fetching and merging', () => {
  it("asks each stop once per tick, whatever the number of subscribers, and merges a chat's alerts of a minute", async () => {
    const subs = [
      ...Array.from({ length: 30 }, (_, i) => subscription(at('07:30'), { chatId: String(100 + i) })),
      subscription(at('07:30'), { chatId: '42', stopNo: '3017' }),
      subscription(at('07:30'), { chatId: '42', stopNo: '3020', routeNo: '1' }),
    ];
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs,
      arrivals: { '3017': stopArrivals([route('95', [trip(4)])]), '3020': stopArrivals([route('1', [trip(6)])], '3020', 'LAURIER') },
    });
    const totals = await h.tickAt('2026-11-23T12:30:00Z');
    expect(totals).toMatchObject({ due: 32, queued: 31, upstreamCalls: 2 });
    expect(h.transit.calls.sort()).toEqual(['all 3017', 'all 3020']);
    expect(h.notifier.sent).toHaveLength(31);
    const merged = h.notifier.sent.filter((s) => s.chatId === '42');
    expect(merged).toHaveLength(1);
    expect(merged[0]!.text).toContain('LAURIER');
    expect(merged[0]!.text).toContain("TUNNEY'S PASTURE");
  });

  it('says "unavailable right now" when upstream fails, rather than nothing', async () => {
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs: [subscription(at('07:30'))],
      arrivals: { '3017': new TransitError('unavailable', 'no answer', { reason: 'timeout' }) },
    });
    await h.tickAt('2026-11-23T12:30:00Z');
    expect(h.notifier.sent.map((s) => s.text)).toEqual([expect.stringContaining('unavailable right now')]);
    expect(h.log.lines.find((l) => l.msg === 'alert tick')).toMatchObject({ upstreamCalls: 1, upstreamFailures: 1 });
  });

  it("speaks each chat's language", async () => {
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs: [subscription(at('07:30'), { chatId: '7' }), subscription(at('07:30'), { chatId: '8' })],
      arrivals: { '3017': new TransitError('unavailable', 'x', { reason: 'timeout' }) },
    });
    await h.stores.chats.setLanguage({ platform: 'telegram', chatId: '8' }, { locale: 'fr', chosen: true });
    await h.tickAt('2026-11-23T12:30:00Z');
    const byChat = Object.fromEntries(h.notifier.sent.map((s) => [s.chatId, s.text]));
    expect(byChat['7']).toContain('unavailable');
    expect(byChat['8']).not.toContain('unavailable');
  });
});

describe('delivery outcomes', () => {
  it('a one-shot subscription removes itself after firing', async () => {
    const h = await started({ start: '2026-11-23T12:30:00Z', subs: [subscription(at('07:30'), { oneShot: true })] });
    await h.tickAt('2026-11-23T12:30:00Z');
    expect(h.notifier.sent).toHaveLength(1);
    expect(await h.stores.subscriptions.list({ platform: 'telegram', chatId: '42' })).toEqual([]);
  });

  it('a chat that refuses the bot has its alerts paused, logged once', async () => {
    const subs = [subscription(at('07:30')), subscription(at('07:31'))];
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs,
      script: () => ({ status: 'permanent-failure', reason: '403: Forbidden: bot was blocked by the user' }),
    });
    await h.tickAt('2026-11-23T12:30:00Z');
    await h.tickAt('2026-11-23T12:31:00Z');
    const listed = await h.stores.subscriptions.list({ platform: 'telegram', chatId: '42' });
    expect(listed.map((s) => s.paused)).toEqual(['refused', 'refused']);
    expect(h.log.lines.filter((l) => l.msg === 'the platform refuses the chat: its alerts are paused')).toHaveLength(1);
    expect(h.notifier.attempts.get('42')).toBe(1);
  });

  it('a group that became a supergroup gets this alert at its new id, and the next ones, unpaused', async () => {
    const group = { chatId: '-1', chatType: 'group' as const };
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs: [subscription(at('07:30'), group), subscription(at('07:31'), group), subscription(at('07:32'), { ...group, paused: 'refused' })],
      script: (chatId) =>
        chatId === '-1'
          ? { status: 'moved', chatId: '-100777', reason: '400: Bad Request: group chat was upgraded to a supergroup chat' }
          : { status: 'sent' },
    });
    await h.tickAt('2026-11-23T12:30:00Z');
    await h.tickAt('2026-11-23T12:31:00Z');
    await h.tickAt('2026-11-23T12:32:00Z');
    expect(h.notifier.sent.map((s) => [s.chatId, s.at])).toEqual([
      ['-100777', '2026-11-23T12:30:00.000Z'],
      ['-100777', '2026-11-23T12:31:00.000Z'],
      ['-100777', '2026-11-23T12:32:00.000Z'],
    ]);
    expect(await h.stores.subscriptions.list({ platform: 'telegram', chatId: '-1' })).toEqual([]);
    expect((await h.stores.subscriptions.list({ platform: 'telegram', chatId: '-100777' })).map((s) => s.paused)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('retries a temporary failure, with a bound', async () => {
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs: [subscription(at('07:30'), { chatId: '1' }), subscription(at('07:30'), { chatId: '2' })],
      script: (chatId, _reply, attempt) =>
        chatId === '1' && attempt < 3
          ? { status: 'temporary-failure', reason: '502' }
          : chatId === '2'
            ? { status: 'temporary-failure', reason: '502' }
            : { status: 'sent' },
    });
    await h.tickAt('2026-11-23T12:30:00Z');
    expect(h.notifier.sent.map((s) => s.chatId)).toEqual(['1']);
    expect(h.notifier.attempts.get('2')).toBe(5);
    expect(h.log.lines.filter((l) => l.msg === 'alert given up after repeated temporary failures')).toHaveLength(1);
  });

  it('an alert removed or paused while the tick waited on the upstream is not sent', async () => {
    const removed = subscription(at('07:30'), { chatId: '1' });
    const paused = subscription(at('07:30'), { chatId: '2' });
    const kept = subscription(at('07:30'), { chatId: '3' });
    const h = await started({
      start: '2026-11-23T12:30:00Z',
      subs: [removed, paused, kept],
      // A slow answer, during which riders confirm /unsubscribe and /pause in their chats.
      arrivals: {
        '3017': async () => {
          await h.stores.subscriptions.remove(removed.chat, removed.id);
          await h.stores.subscriptions.setPaused(paused.chat, paused.id, 'user');
          return stopArrivals([route('95', [trip(4)])]);
        },
      },
    });
    await h.tickAt('2026-11-23T12:30:00Z');
    expect(h.notifier.sent.map((s) => s.chatId)).toEqual(['3']);
  });

  it('paused subscriptions stay silent', async () => {
    const h = await started({ start: '2026-11-23T12:30:00Z', subs: [subscription(at('07:30'), { paused: 'user' })] });
    await h.tickAt('2026-11-23T12:30:00Z');
    expect(h.notifier.sent).toEqual([]);
  });

  it("a second instance on the same store serving another platform leaves this platform's alerts to this one", async () => {
    const telegramChats = Array.from({ length: 30 }, (_, i) => subscription(at('07:30'), { chatId: String(100 + i) }));
    const terminalChat = subscription(at('07:30'), { chat: { platform: 'console', chatId: 'terminal', chatType: 'private' } });
    const h = await started({ start: '2026-11-23T12:29:00Z', subs: [...telegramChats, terminalChat] });
    // The terminal-chat process: same subscriptions and claims, its own notifier.
    const terminal = recordingNotifier(h.clock, { platform: 'console' });
    const other = startPushes({
      core: h.core,
      store: { subscriptions: h.stores.subscriptions, claims: h.claims, lifecycle: h.stores.lifecycle },
      transit: h.transit,
      notifiers: [terminal],
      chatTypeOf,
      settings: testSettings(),
      clock: h.clock,
      logger: capturingLogger().logger,
      timer: false,
    });
    stops.push(() => other.stop());
    for (const minute of ['2026-11-23T12:29:00Z', '2026-11-23T12:30:00Z', '2026-11-23T12:31:00Z']) {
      h.clock.set(minute);
      // The other process ticks first each minute: it must claim only what it can deliver.
      await other.tick();
      await other.tick.settled();
      await h.tickAt(minute);
    }
    expect(h.notifier.sent.map((s) => s.chatId).sort()).toEqual(telegramChats.map((s) => s.chat.chatId).sort());
    expect(terminal.sent.map((s) => s.chatId)).toEqual(['terminal']);
  });
});
