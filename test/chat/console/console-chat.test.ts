import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ChatContext } from '../../../src/core/chat-context.js';
import type { BotCore } from '../../../src/core/core.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { CONSOLE_CHAT_ID, createConsoleChat } from '../../../src/chat/console/index.js';
import { clock, fakeTransit, memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

const quietCore = () => createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });

describe('the terminal chat, piped', () => {
  it('answers each line in order, in a private console chat, then finishes at end of input', async () => {
    // Replies that resolve out of order must still be written in input order.
    const seen: ChatContext[] = [];
    const core = createBotCore({
      transit: fakeTransit({
        all: { 'all 3017': () => new Promise((r) => setTimeout(() => r(stopArrivals([route('95', [trip(4)])])), 30)) },
        next: { 'next 3023 95': stopArrivals([route('95', [trip(9)])], '3023', 'HURDMAN') },
      }),
      ...memoryStores(),
      now: clock,
    });
    const spy: BotCore = { ...core, parse: (text, chat) => (seen.push(chat), core.parse(text, chat)) };
    const input = new PassThrough();
    const output = new PassThrough();
    const written = collect(output);
    const chat = createConsoleChat({ core: spy, input, output, interactive: false, languageCode: 'fr_CA.UTF-8' });
    await chat.start();
    input.end('3017\n\n/next 3023 95\r\n/next 30170');
    await chat.ended();
    const text = written();
    expect(text.indexOf("TUNNEY'S PASTURE (3017)")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('HURDMAN (3023)')).toBeGreaterThan(text.indexOf("TUNNEY'S PASTURE (3017)"));
    expect(text.trimEnd().endsWith("Les numéros d'arrêt ont 4 chiffres : 30170 en a 5.")).toBe(true);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toEqual({ platform: 'console', chatId: 'terminal', chatType: 'private', languageCode: 'fr_CA.UTF-8' });
  });

  it('says that something went wrong when an answer fails, rather than nothing, and reads on', async () => {
    const core = quietCore();
    const failing: BotCore = { ...core, answer: (parsed, chat) => (parsed.ok ? Promise.reject(new Error('boom')) : core.answer(parsed, chat)) };
    const input = new PassThrough();
    const output = new PassThrough();
    const written = collect(output);
    const chat = createConsoleChat({ core: failing, input, output, interactive: false });
    await chat.start();
    input.end('/next 3017\n/next\n');
    await chat.ended();
    expect(written()).toMatch(/^Something went wrong on my side\. Try again in a minute\.\n\n\S/);
  });

  it('ends when stopped, even with input still open', async () => {
    const chat = createConsoleChat({ core: quietCore(), input: new PassThrough(), output: new PassThrough(), interactive: false });
    await chat.start();
    await chat.stop();
    await expect(chat.ended()).resolves.toBeUndefined();
  });

  it('reads an endless line in bounded memory and answers that it is too long', async () => {
    // 50 MB on one line, produced lazily: held whole, it would cost 100 MB of string at least.
    const chunk = 'x'.repeat(1 << 20);
    let left = 50;
    const input = new Readable({
      read() {
        this.push(left-- > 0 ? chunk : left === -1 ? '\n/next 3017\n' : null);
      },
    });
    const output = new PassThrough();
    const written = collect(output);
    const before = process.memoryUsage().heapUsed;
    const chat = createConsoleChat({ core: quietCore(), input, output, interactive: false });
    await chat.start();
    await chat.ended();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(40 * 1024 * 1024);
    expect(written()).toContain('That message is too long (10,000 characters); I read up to 200.');
    expect(written()).toContain("Stop 3017 doesn't exist.");
  });

  it('ends quietly when its output closes early (| head -1)', async () => {
    const input = new PassThrough();
    let writes = 0;
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        writes += 1;
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const chat = createConsoleChat({ core: quietCore(), input, output, interactive: false });
    await chat.start();
    input.write('/help\n/help\n/help\n');
    await expect(chat.ended()).resolves.toBeUndefined();
    expect(writes).toBe(1);
  });
});

describe('pushes to the terminal', () => {
  it('print between answers through the notifier', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written = collect(output);
    const chat = createConsoleChat({ core: quietCore(), input, output, interactive: false });
    await chat.start();
    const sent = await chat.notifier.send(CONSOLE_CHAT_ID, { kind: 'answer', title: 'Alert: 95 in 5 min', blocks: [{ lines: ['at 3017'] }] });
    input.end('/lang de\n');
    await chat.ended();
    expect(sent).toEqual({ status: 'sent' });
    expect(written()).toMatch(/^Alert: 95 in 5 min\n\nat 3017\n\nI speak English, Español, Français/);
    expect(await chat.notifier.send('someone-else', { kind: 'answer', blocks: [] })).toMatchObject({ status: 'permanent-failure' });
  });
});

describe('the terminal chat, at a prompt', () => {
  it('greets in the terminal language and prompts for each line', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written = collect(output);
    const chat = createConsoleChat({ core: quietCore(), input, output, interactive: true, languageCode: 'fr_CA.UTF-8' });
    await chat.start();
    input.end('/lang de\n');
    await chat.ended();
    expect(written()).toContain("Tapez un numéro d'arrêt, par exemple 3017, ou /aide. Ctrl+D pour quitter.");
    expect(written()).toContain('Je parle English, Español, Français : /langue en|es|fr.');
    expect(written().split('> ').length).toBeGreaterThanOrEqual(3);
  });
});
