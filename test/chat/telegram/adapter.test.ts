// The adapter's own behaviour (polling lifecycle, rate limit, error boundary, buttons it cannot
// read), over real HTTP to the fake Bot API, with a stand-in core.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from './fake-core.js';
import { ALICE, BENOIT, GROUP, startHarness, TOKEN, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Telegram adapter (long polling)', () => {
  it('starts: getMe, the command menus in English and French, and no webhook left behind', async () => {
    h = await startHarness({ core: createFakeCore() });
    const methods = h.api.calls.map((c) => c.method);
    expect(methods.slice(0, 4)).toEqual(['getMe', 'setMyCommands', 'setMyCommands', 'deleteWebhook']);
    const [en, fr] = h.api.callsOf('setMyCommands');
    expect(en!.params).toEqual({ commands: [{ command: 'next', description: 'Next buses' }] });
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
    });
  });

  it('refuses over the limit: one polite notice per window in the user language, then silence', async () => {
    h = await startHarness({ core: createFakeCore(), rateLimitPerMinute: 2, now: () => 5_000_000 });
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

  it('answers every button, including ones it cannot read', async () => {
    h = await startHarness({ core: createFakeCore() });
    h.press('v1-legacy-button', { chatId: ALICE.id, messageId: 7 });
    const answer = await h.api.waitForCall('answerCallbackQuery');
    expect(answer.params.text).toBe('Old button');
  });

  it('shows a saved stop as a toast, not a new message', async () => {
    const core = createFakeCore();
    h = await startHarness({ core });
    const id = h.press('s:3017', { chatId: ALICE.id, messageId: 7 });
    const answer = await h.api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === id);
    expect(answer.params.text).toBe('Saved 3017');
    expect(core.seen.at(-1)!.input).toEqual({ type: 'save-stop', stopNo: '3017' });
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

  it('stops polling cleanly: the open getUpdates is abandoned and nothing polls again', async () => {
    h = await startHarness({ core: createFakeCore() });
    h.text('/next 3017');
    await h.api.waitForCall('sendMessage'); // polling is up and running
    await h.telegram.stop();
    await h.api.waitForNoPolls();
    expect(h.api.openPolls()).toBe(0);
  });
});
