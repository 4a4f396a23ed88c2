import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BotCore } from '../../../src/bot/core.js';
import { createBotCore } from '../../../src/bot/create-core.js';
import type { ChatContext } from '../../../src/bot/chat.js';
import { startConsoleChat } from '../../../src/chat/console/index.js';
import { clock, fakeTransit, memoryStore, route, stopArrivals, trip } from '../../bot/fakes.js';

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

describe('the terminal chat, piped', () => {
  it('answers each line in order, in a private console chat, then finishes at end of input', async () => {
    // Replies that resolve out of order must still be written in input order.
    const seen: ChatContext[] = [];
    const core = createBotCore({
      transit: fakeTransit({
        all: { 'all 3017': () => new Promise((r) => setTimeout(() => r(stopArrivals([route('95', [trip(4)])])), 30)) },
        next: { 'next 3023 95': stopArrivals([route('95', [trip(9)])], '3023', 'HURDMAN') },
      }),
      store: memoryStore(),
      now: clock,
    });
    const spy: BotCore = { ...core, handleText: (text, chat) => (seen.push(chat), core.handleText(text, chat)) };
    const input = new PassThrough();
    const output = new PassThrough();
    const written = collect(output);
    const chat = startConsoleChat({ core: spy, input, output, interactive: false, languageCode: 'fr_CA.UTF-8' });
    input.end('3017\n\n/next 3023 95\n/next 30170\n');
    await chat.done;
    const text = written();
    expect(text.indexOf("TUNNEY'S PASTURE (3017)")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('HURDMAN (3023)')).toBeGreaterThan(text.indexOf("TUNNEY'S PASTURE (3017)"));
    expect(text.trimEnd().endsWith("Les numéros d'arrêt ont 4 chiffres : 30170 en a 5.")).toBe(true);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toEqual({ platform: 'console', chatId: 'terminal', chatType: 'private', languageCode: 'fr_CA.UTF-8' });
  });

  it('ends when closed, even with input still open', async () => {
    const core = createBotCore({ transit: fakeTransit({}), store: memoryStore(), now: clock });
    const input = new PassThrough();
    const chat = startConsoleChat({ core, input, output: new PassThrough(), interactive: false });
    chat.close();
    await expect(chat.done).resolves.toBeUndefined();
  });
});

describe('the terminal chat, at a prompt', () => {
  it('greets in the terminal language and prompts for each line', async () => {
    const core = createBotCore({ transit: fakeTransit({}), store: memoryStore(), now: clock });
    const input = new PassThrough();
    const output = new PassThrough();
    const written = collect(output);
    const chat = startConsoleChat({ core, input, output, interactive: true, languageCode: 'fr_CA.UTF-8' });
    input.end('/lang de\n');
    await chat.done;
    expect(written()).toContain("Tapez un numéro d'arrêt, par exemple 3017, ou /help. Ctrl+D pour quitter.");
    expect(written()).toContain('Je parle français et anglais : /lang fr ou /lang en.');
    expect(written().split('> ').length).toBeGreaterThanOrEqual(3);
  });
});
