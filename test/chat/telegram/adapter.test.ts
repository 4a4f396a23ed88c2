// The adapter's own behaviour (polling lifecycle, rate limit, error boundary, buttons it cannot
// read), over real HTTP to the fake Bot API, with a stand-in core.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { createFakeCore } from './fake-core.js';
import { resultsOf } from './fake-bot-api.js';
import { ALICE, BENOIT, GROUP, privateChat, startHarness, TOKEN, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Telegram adapter (long polling)', () => {
  it('starts: getMe, the command menus of every language, and no webhook left behind', async () => {
    h = await startHarness({ core: createFakeCore() });
    const methods = h.api.calls.map((c) => c.method);
    expect(methods.slice(0, 5)).toEqual(['getMe', 'setMyCommands', 'setMyCommands', 'setMyCommands', 'deleteWebhook']);
    const [en, es, fr] = h.api.callsOf('setMyCommands');
    expect(en!.params).toEqual({ commands: [{ command: 'next', description: 'Next buses' }] });
    expect(es!.params).toMatchObject({ language_code: 'es' });
    expect(fr!.params).toEqual({ commands: [{ command: 'next', description: 'Prochains bus' }], language_code: 'fr' });
  });

  it('passes the chat as the core needs it: ids, type, language, the bot username', async () => {
    const core = createFakeCore();
    h = await startHarness({ core });
    h.text('/next@ArrivalsTestBot 3017', BENOIT, GROUP);
    await h.api.waitForCall('sendMessage');
    expect(core.seen[0]!.chat).toEqual({
      platform: 'telegram',
      chatId: String(GROUP.id),
      chatType: 'group',
      userId: String(BENOIT.id),
      languageCode: 'fr-CA',
      botUsername: 'ArrivalsTestBot',
      maxReplyChars: 4096,
      // In a group, whether the user may change its alerts is asked of Telegram when it matters.
      userCanManage: expect.any(Function) as unknown,
    });
  });

  it("pauses a chat's alerts when the bot is blocked or removed, and resumes them when it is let back in", async () => {
    h = await startHarness({ core: createFakeCore() });
    const membership = (chat: { id: number }, from: string, to: string) =>
      h!.api.queueUpdate({
        my_chat_member: {
          chat,
          from: ALICE,
          date: 1_700_000_000,
          old_chat_member: { user: h!.api.botInfo, status: from },
          new_chat_member: { user: h!.api.botInfo, status: to },
        },
      });
    membership(privateChat(ALICE), 'member', 'kicked');
    membership(privateChat(ALICE), 'kicked', 'member');
    membership(GROUP, 'member', 'left');
    membership(GROUP, 'left', 'administrator');
    const told = h.lifecycle.told;
    await vi.waitFor(() => expect(told).toHaveLength(4));
    // Each chat's updates in order (chats are handled side by side).
    const of = (chatId: number) => told.filter((t) => t.chat.chatId === String(chatId)).map((t) => t.event);
    expect(of(ALICE.id)).toEqual(['refused', 'returned']);
    expect(of(GROUP.id)).toEqual(['refused', 'returned']);
  });

  it('refuses over the limit: one polite notice per window in the user language, then silence', async () => {
    h = await startHarness({ core: createFakeCore(), rateLimitPerMinute: 2, clock: fixedClock(5_000_000) });
    for (let i = 0; i < 4; i++) h.text(`/next 301${i}`, BENOIT, GROUP);
    // Another rider in the same group is not limited; the chat's updates are handled in order,
    // so once their answer is out, Benoît's four messages have all been handled.
    h.text('/next 3099', ALICE, GROUP);
    await h.api.waitForCall('sendMessage', (c) => String(c.params.text).includes('3099'));
    const texts = h.api.callsOf('sendMessage').map((c) => String(c.params.text));
    expect(texts).toEqual([
      '<b>Stop 3010 &amp; &lt;co&gt;</b>\n\n<b>95</b>\n3 min',
      '<b>Stop 3011 &amp; &lt;co&gt;</b>\n\n<b>95</b>\n3 min',
      '[fr] Slow down <please>',
      '<b>Stop 3099 &amp; &lt;co&gt;</b>\n\n<b>95</b>\n3 min',
    ]);
    // Not sent as HTML: the locale text is plain.
    expect(h.api.callsOf('sendMessage')[2]!.params.parse_mode).toBeUndefined();
  });

  it('in a group, answers a location only when it replies to the bot', async () => {
    const core = createFakeCore();
    h = await startHarness({ core });
    const inGroup = (extra: Record<string, unknown>) =>
      h!.api.queueUpdate({
        message: { message_id: 50, date: 1, from: ALICE, chat: GROUP, location: { latitude: 45.3477, longitude: -75.7612 }, ...extra },
      });
    inGroup({}); // shared with the group's people
    inGroup({ reply_to_message: { message_id: 49, date: 1, chat: GROUP, from: BENOIT, text: 'where are you?' } });
    inGroup({ reply_to_message: { message_id: 48, date: 1, chat: GROUP, from: h.api.botInfo, text: 'Send me a location' } });
    const sent = await h.api.waitForCall('sendMessage');
    expect(sent.params).toMatchObject({ chat_id: GROUP.id, reply_parameters: { message_id: 50 } });
    expect(core.seen.map((s) => s.kind)).toEqual(['location']);
    h.location(45.3477, -75.7612); // a private chat: always answered
    await h.api.waitForCall('sendMessage', (c) => c.params.chat_id === ALICE.id);
    expect(core.seen.map((s) => s.kind)).toEqual(['location', 'location']);
  });

  it('inline: partial stop numbers cost nothing; a rider over the limit sees why, on every keystroke', async () => {
    const core = createFakeCore();
    h = await startHarness({ core, rateLimitPerMinute: 1, clock: fixedClock(5_000_000) });
    const answerTo = (query: string) => {
      const id = h!.inline(query, BENOIT);
      return h!.api.waitForCall('answerInlineQuery', (c) => c.params.inline_query_id === id);
    };
    for (const partial of ['3', '30', '301']) expect(resultsOf(await answerTo(partial))[0]).toMatchObject({ id: 'usage' });
    expect(resultsOf(await answerTo('3017'))[0]).toMatchObject({ id: 'a:3017:', title: 'Stop 3017 & <co>' });
    const asked = () => core.seen.filter((s) => (s.input as { name?: string }).name !== 'help');
    expect(asked().map((s) => s.input)).toEqual([{ name: 'next', options: { stop: '3017' } }]);

    for (const query of ['3017 9', '3017 95']) {
      const refused = await answerTo(query);
      expect(refused.params).toMatchObject({ results: [], cache_time: 0, button: { text: '[fr] Slow down <please>', start_parameter: 'help' } });
    }
    expect(asked()).toHaveLength(1);
  });

  it('answers every button press over the limit: the notice once per window, then without a word', async () => {
    const core = createFakeCore();
    h = await startHarness({ core, rateLimitPerMinute: 1, clock: fixedClock(5_000_000) });
    const presses = [7, 8, 9].map((messageId) => h!.press('s:3017', { chatId: BENOIT.id, messageId }, BENOIT));
    const answers = await Promise.all(presses.map((id) => h!.api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === id)));
    expect(answers.map((a) => a.params.text)).toEqual(['Saved 3017', '[fr] Slow down <please>', undefined]);
    expect(core.seen).toHaveLength(1);
  });

  it('answers every button, including ones it cannot read', async () => {
    h = await startHarness({ core: createFakeCore() });
    h.press('v1-legacy-button', { chatId: ALICE.id, messageId: 7 });
    const answer = await h.api.waitForCall('answerCallbackQuery');
    expect(answer.params.text).toBe('Old button');
  });

  it('a refresh that fails keeps the message as it was, says why in a toast, and can be tried again at once', async () => {
    const core = createFakeCore();
    core.run = (request, chat) => {
      core.seen.push({ kind: 'request', input: request, chat });
      return Promise.resolve({ kind: 'failure', blocks: [{ lines: ['The OC Transpo service is not answering <right now>'] }] });
    };
    h = await startHarness({ core, clock: fixedClock(5_000_000) });
    const first = h.press('r:3017:95', { chatId: ALICE.id, messageId: 7 });
    const toast = await h.api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === first);
    expect(toast.params).toMatchObject({ text: 'The OC Transpo service is not answering <right now>', show_alert: true });
    const second = h.press('r:3017:95', { chatId: ALICE.id, messageId: 7 }); // same instant: not "up to date"
    await h.api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === second);
    expect(core.seen).toHaveLength(2);
    expect(h.api.callsOf('editMessageText')).toHaveLength(0);
  });

  it('shows a saved stop as a toast, not a new message', async () => {
    const core = createFakeCore();
    h = await startHarness({ core });
    const id = h.press('s:3017', { chatId: ALICE.id, messageId: 7 });
    const answer = await h.api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === id);
    expect(answer.params.text).toBe('Saved 3017');
    expect(core.seen.at(-1)!.input).toEqual({ name: 'save', options: { stop: '3017' } });
    expect(h.api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('error boundary: a failed send is logged without the token and the user told in their language', async () => {
    h = await startHarness({ core: createFakeCore() });
    h.api.failNext('sendMessage', { error_code: 400, description: `Bad Request: something odd about bot${TOKEN}` });
    h.text('/next 3017', BENOIT);
    const told = await h.api.waitForCall('sendMessage', (c) => c.params.text === '[fr] Something went wrong');
    expect(told.params.chat_id).toBe(BENOIT.id);
    const logged = h.logs.join('');
    expect(logged).toContain('update failed');
    expect(logged).not.toContain(TOKEN);
  });

  it('ignores what it does not handle (a sticker), without answering', async () => {
    const core = createFakeCore();
    h = await startHarness({ core });
    h.api.queueUpdate({ message: { message_id: 1, date: 1, from: ALICE, chat: { id: ALICE.id, type: 'private' }, sticker: { file_id: 'x' } } });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage');
    expect(h.api.callsOf('sendMessage')).toHaveLength(1);
    expect(h.logs.join('')).toContain('update not handled');
  });

  it('stopping lets an answer under way go out first', async () => {
    const core = createFakeCore();
    const answer = core.run.bind(core);
    let entered!: () => void;
    let release!: () => void;
    const asked = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    core.run = async (request, chat) => {
      entered();
      await gate; // a slow transit call
      return answer(request, chat);
    };
    h = await startHarness({ core });
    h.text('/next 3017');
    await asked;
    const stopped = h.telegram.stop().then(() => h!.api.callsOf('sendMessage').length);
    await h.api.waitForNoPolls(); // polling has ended; the answer has not been sent yet
    release();
    expect(await stopped).toBe(1);
  });

  it('stopping waits for an answer that hangs only as long as the grace given', async () => {
    const core = createFakeCore();
    let entered!: () => void;
    const asked = new Promise<void>((resolve) => (entered = resolve));
    core.run = () => {
      entered();
      return new Promise(() => {}); // a transit call that never ends
    };
    h = await startHarness({ core, shutdownGraceMs: 150 });
    h.text('/next 3017');
    await asked;
    const started = performance.now();
    await h.telegram.stop();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(2_000);
    const warned = h.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'stopped with updates still being handled');
    expect(warned).toMatchObject({ level: 40, graceMs: 150 });
  });

  it('stops polling cleanly: the open getUpdates is abandoned and nothing polls again', async () => {
    h = await startHarness({ core: createFakeCore() });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage'); // polling is up and running
    await h.telegram.stop();
    await h.api.waitForNoPolls();
    expect(h.api.openPolls()).toBe(0);
  });
});
