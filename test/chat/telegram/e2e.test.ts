// End to end: grammY -> real HTTP -> the fake Bot API; the real core, the real v1.2 client and
// the local v1.2 server with its demo network, at a fixed moment (a Wednesday, 08:00 in Ottawa).
import { memoryStores } from '../../core/fakes.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import type { BotCore } from '../../../src/core/core.js';
import { CALLBACK_DATA_MAX_BYTES } from '../../../src/chat/telegram/index.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE, startSimServer, type SimServer } from '../../../src/sim/index.js';
import { loadStopIndex } from '../../../src/stops/index.js';
import { createTransitClient } from '../../../src/sources/octranspo-v12/index.js';
import { buttonsIn, buttonsOf, htmlProblem, resultsOf } from './fake-bot-api.js';
import { ALICE, BENOIT, GROUP, startHarness, TOKEN, type Harness } from './harness.js';

const NOW = new Date('2026-11-18T13:00:00Z');
const now = () => NOW;

let sim: SimServer;
let h: Harness | undefined;
let core: BotCore;

beforeAll(async () => {
  sim = await startSimServer({ now });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(options: { rateLimitPerMinute?: number } = {}): Promise<Harness> {
  const transit = createTransitClient({ baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, now: () => NOW });
  const stops = await loadStopIndex(DEMO_STOPS_FILE);
  core = createBotCore({ transit, ...memoryStores(), now, stops });
  h = await startHarness({ core, stops, clock: now, ...options });
  return h;
}

function expectWellFormedHtml(text: string): void {
  expect(htmlProblem(text)).toBeUndefined();
}

describe('Telegram end to end (real core, client and v1.2 server)', () => {
  it('/next 3017 95: the arrivals in HTML, escaped, with compact buttons', async () => {
    const { api, text } = await start();
    text('/next 3017 95');
    const sent = await api.waitForCall('sendMessage');
    const body = String(sent.params.text);
    expect(sent.params).toMatchObject({ chat_id: ALICE.id, parse_mode: 'HTML' });
    expect(body.split('\n')[0]).toBe('<b>BASELINE STATION (3017)</b>');
    expect(body).toContain('<b>95 Orléans</b>');
    expect(body).toContain('<i>Updated at 08:00</i>');
    expectWellFormedHtml(body);
    const buttons = buttonsOf(sent);
    // A 📍 per live trip, then the others.
    expect(buttons.filter((b) => b.callback_data.startsWith('2:r:where:3017:95:')).length).toBeGreaterThan(0);
    // A 🚌 per way's next bus the feed follows.
    expect(buttons.filter((b) => b.callback_data.startsWith('2:r:track:3017:95:')).map((b) => b.text)).toEqual([
      expect.stringMatching(/^🚌 95 · /),
      expect.stringMatching(/^🚌 95 · /),
    ]);
    expect(buttons.filter((b) => !b.callback_data.includes(':where:') && !b.callback_data.includes(':track:')).map((b) => b.callback_data)).toEqual([
      '2:u:next:3017:95',
      '2:u:live:3017:95',
      '2:n:save:3017',
      '2:r:line:95:3017',
      // Route 95 goes two ways at 3017: a 🔔 for each (v1.2 gives no direction_id here: its place among them).
      '2:n:notify:3017:95:w0',
      '2:n:notify:3017:95:w1',
    ]);
    for (const b of buttons) expect(Buffer.byteLength(b.callback_data)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(sent.answer).toMatchObject({ chat: { id: ALICE.id } }); // the fake accepted it
  });

  it('/next 3017: every route, with a button per route that answers for that route', async () => {
    const { api, text, press } = await start();
    text('/next 3017');
    const sent = await api.waitForCall('sendMessage');
    const routeButtons = buttonsOf(sent).filter((b) => b.callback_data.startsWith('2:r:next:'));
    expect(routeButtons.map((b) => b.callback_data)).toEqual(['2:r:next:3017:95', '2:r:next:3017:97']);
    const { message_id } = sent.answer as { message_id: number };
    press('2:r:next:3017:97', { chatId: ALICE.id, messageId: message_id });
    const second = await api.waitForCall('sendMessage', (c) => c !== sent);
    expect(String(second.params.text)).toContain('<b>97 Airport / Aéroport</b>');
    expect(String(second.params.text)).not.toContain('95 Orléans');
    await api.waitForCall('answerCallbackQuery');
  });

  it('Refresh edits the message in place; a second tap within seconds is answered without a fetch or edit', async () => {
    const { api, text, press } = await start();
    text('/next 3017 95');
    const sent = await api.waitForCall('sendMessage');
    const { message_id } = sent.answer as { message_id: number };
    const first = press('2:u:next:3017:95', { chatId: ALICE.id, messageId: message_id });
    const edit = await api.waitForCall('editMessageText');
    expect(edit.params).toMatchObject({ chat_id: ALICE.id, message_id, parse_mode: 'HTML' });
    expect(String(edit.params.text)).toContain('<i>Updated at 08:00</i>');
    expectWellFormedHtml(String(edit.params.text));
    expect(
      buttonsOf(edit)
        .filter((b) => !b.callback_data.includes(':where:') && !b.callback_data.includes(':track:'))
        .map((b) => b.callback_data),
    ).toEqual(['2:u:next:3017:95', '2:u:live:3017:95', '2:n:save:3017', '2:r:line:95:3017', '2:n:notify:3017:95:w0', '2:n:notify:3017:95:w1']);
    await api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === first);

    const second = press('2:u:next:3017:95', { chatId: ALICE.id, messageId: message_id });
    const answer = await api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === second);
    expect(answer.params.text).toBe(core.t('en', 'refresh-up-to-date'));
    expect(api.callsOf('editMessageText')).toHaveLength(1);
  });

  it('a shared location: the nearest stops with their distance, each a button', async () => {
    const { api, location } = await start();
    location(45.3477, -75.7612);
    const sent = await api.waitForCall('sendMessage');
    // 8 m from platform 1B: the stop is named after the station, the distance is to the platform.
    expect(String(sent.params.text)).toContain('3017 BASELINE: 8 m');
    expectWellFormedHtml(String(sent.params.text));
    expect(buttonsOf(sent)[0]).toEqual({ text: '3017 BASELINE', callback_data: '2:r:next:3017' });
  });

  it('inline mode: "3017 95" offers the arrivals as an HTML article; an unknown stop says so; nonsense gets a usage hint', async () => {
    const { api, inline } = await start();
    const id = inline('3017 95');
    const answer = await api.waitForCall('answerInlineQuery', (c) => c.params.inline_query_id === id);
    const [result] = resultsOf(answer);
    expect(result).toMatchObject({ type: 'article', title: 'BASELINE STATION (3017)' });
    expect(result!.input_message_content.parse_mode).toBe('HTML');
    expect(result!.input_message_content.message_text).toContain('<b>95 Orléans</b>');
    expectWellFormedHtml(result!.input_message_content.message_text);
    expect(buttonsIn(result!.reply_markup).map((b) => b.callback_data)).toContain('2:u:next:3017:95');
    expect(answer.params.cache_time).toBeLessThanOrEqual(30);
    expect(answer.params.is_personal).toBe(true);

    const unknownId = inline('9999 95');
    const unknown = await api.waitForCall('answerInlineQuery', (c) => c.params.inline_query_id === unknownId);
    const [problem] = resultsOf(unknown);
    expect(problem).toMatchObject({ type: 'article', id: 'e:9999:95', title: core.t('en', 'error-unknown-stop', { stopNo: '9999' }) });
    expect(problem!.input_message_content.message_text).toBe(core.t('en', 'error-unknown-stop', { stopNo: '9999' }));
    expect(unknown.params.cache_time).toBe(0);

    const hintId = inline('where is my bus?', BENOIT);
    const hint = await api.waitForCall('answerInlineQuery', (c) => c.params.inline_query_id === hintId);
    const [usage] = resultsOf(hint);
    expect(usage).toMatchObject({ type: 'article', id: 'usage', title: core.t('fr', 'inline-usage-title') });
    expectWellFormedHtml(usage!.input_message_content.message_text);
  });

  it('inline mode by name: "laurier" offers the stops; a button puts the arrivals in the sent message; "baseline", one stop, its arrivals', async () => {
    const { api, inline, pressInline } = await start();
    const id = inline('laurier');
    const answer = await api.waitForCall('answerInlineQuery', (c) => c.params.inline_query_id === id);
    const [result] = resultsOf(answer);
    expect(result).toMatchObject({ type: 'article', id: 's:3020', title: '3020 LAURIER' });
    expect(result!.input_message_content).toEqual({ message_text: '<b>LAURIER (3020)</b>', parse_mode: 'HTML' });
    expect(result!.reply_markup!.inline_keyboard).toEqual([
      [{ text: core.t('en', 'button-stop', { stopNo: '3020', name: 'LAURIER' }), callback_data: '2:r:next:3020' }],
    ]);
    const one = inline('baseline');
    const [arrivals] = resultsOf(await api.waitForCall('answerInlineQuery', (c) => c.params.inline_query_id === one));
    expect(arrivals).toMatchObject({ type: 'article', id: 'a:baseline:' });
    expect(String(arrivals!.title)).toContain('(3017)');

    const press = pressInline('2:r:next:3017', 'inline-msg-1');
    const edit = await api.waitForCall('editMessageText');
    expect(edit.params).toMatchObject({ inline_message_id: 'inline-msg-1', parse_mode: 'HTML' });
    expect(String(edit.params.text)).toContain('<b>97 Bells Corners</b>');
    expectWellFormedHtml(String(edit.params.text));
    await api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === press);
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('groups: /next@bot works and answers the message, bare text and other bots are ignored, the group language holds', async () => {
    const { api, text } = await start();
    text('3017', ALICE, GROUP);
    text('/next@SomeOtherBot 3017', ALICE, GROUP);
    const asked = text('/next@ArrivalsTestBot 3017', ALICE, GROUP);
    const sent = await api.waitForCall('sendMessage');
    expect(sent.params.chat_id).toBe(GROUP.id);
    expect(sent.params.reply_parameters).toMatchObject({ message_id: asked });
    expect(String(sent.params.text)).toContain('BASELINE STATION (3017)');

    text('/lang@ArrivalsTestBot fr', BENOIT, GROUP);
    text('/next@ArrivalsTestBot 3017 95', ALICE, GROUP); // Alice's client is English; the group chose French
    const french = await api.waitForCall('sendMessage', (c) => String(c.params.text).includes('<b>95 Orléans</b>') && c !== sent);
    expect(String(french.params.text)).toContain(core.t('fr', 'arrivals-updated', { clock: '08:00' }));
    expect(api.callsOf('sendMessage')).toHaveLength(3); // the answer, the /lang confirmation, the French answer
  });

  it('a 429 with retry_after is waited out and the message still delivered', async () => {
    const { api, text } = await start();
    api.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 1', retry_after: 1 });
    text('/next 3017 95');
    const delivered = await api.waitForCall('sendMessage', (c) => typeof (c.answer as { message_id?: number }).message_id === 'number');
    const [refused] = api.callsOf('sendMessage');
    expect(refused!.answer).toMatchObject({ ok: false, error_code: 429 });
    expect(delivered.params.text).toBe(refused!.params.text);
  });

  it('a 403 (blocked) makes the notifier report a permanent failure', async () => {
    const { api, telegram } = await start();
    const alert = await core.handleText('/next 3017 95', { platform: 'telegram', chatId: String(ALICE.id), chatType: 'private' });
    api.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(await telegram.notifier.send(String(ALICE.id), alert!)).toEqual({
      status: 'permanent-failure',
      reason: '403: Forbidden: bot was blocked by the user',
    });
    expect(await telegram.notifier.send(String(ALICE.id), alert!)).toEqual({ status: 'sent' });
  });

  it('the command menus come from the core: the default for everyone, each other language for its clients', async () => {
    const { api } = await start();
    const [en, ...others] = api.callsOf('setMyCommands');
    expect(en!.params.commands).toEqual(core.commandMenu('en'));
    expect(en!.params.language_code).toBeUndefined();
    expect(others.map((call) => call.params)).toEqual([
      { commands: core.commandMenu('es'), language_code: 'es' },
      { commands: core.commandMenu('fr'), language_code: 'fr' },
    ]);
    const names = (call: typeof en) => (call!.params.commands as Array<{ command: string }>).map((c) => c.command);
    expect([names(en), names(others[0]), names(others[1])].map((menu) => menu[0])).toEqual(['next', 'proxima', 'prochain']);
  });

  it('a rider over the rate limit is told once, politely, in their language; /help still answers', async () => {
    const { api, text } = await start({ rateLimitPerMinute: 1 });
    text('/next@ArrivalsTestBot 3017 95', BENOIT, GROUP);
    text('/next@ArrivalsTestBot 3017 95', BENOIT, GROUP);
    text('/next@ArrivalsTestBot 3017', BENOIT, GROUP);
    text('/help@ArrivalsTestBot', BENOIT, GROUP);
    // Alice is not limited; a group's updates are handled in order, so once her answer is out,
    // Benoît's four messages have all been handled.
    text('/next@ArrivalsTestBot 3017', ALICE, GROUP);
    await api.waitForCall('sendMessage', (c) => String(c.params.text).includes('97 Bells Corners'));
    const texts = api.callsOf('sendMessage').map((c) => String(c.params.text));
    expect(texts).toHaveLength(4);
    expect(texts[0]).toContain('<b>95 Orléans</b>');
    expect(texts[1]).toBe(core.t('fr', 'rate-limited'));
    // Help asks nothing of the transit service, so the limit does not hold it back.
    expect(texts[2]).toContain(core.t('fr', 'help-title'));
    expect(texts[3]).toContain('97 Bells Corners');
  });

  it('the token never appears in what the bot sends or logs', async () => {
    const { api, text, logs } = await start();
    api.failNext('sendMessage', { error_code: 400, description: "Bad Request: can't parse entities" });
    text('/next 3017 95');
    text('/next 3017');
    await api.waitForCall('sendMessage', (c) => String(c.params.text).includes('97 Bells Corners'));
    for (const call of api.calls) expect(JSON.stringify(call.params)).not.toContain(TOKEN);
    expect(logs.join('')).not.toContain(TOKEN);
  });
});
