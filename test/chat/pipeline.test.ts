import { describe, expect, it } from 'vitest';
import { createChatPipeline, type Answering } from '../../src/chat/pipeline.js';
import { silentLogger } from '../../src/log.js';
import type { ChatContext } from '../../src/core/chat-context.js';
import { createFakeCore } from './telegram/fake-core.js';

// The one entry pipeline, with the adapters' fake core: what reaches the core, what the platform
// is asked to do, in which order.

const chat: ChatContext = { platform: 'telegram', chatId: '1001', chatType: 'private', userId: '1001', languageCode: 'fr' };
const group: ChatContext = { ...chat, chatId: '-100', chatType: 'group' };

/** An Answering that records each step; `quiet`: the platform may stay silent. */
function recorder(quiet = true) {
  const steps: string[] = [];
  const answering: Answering = {
    refused: (notice) => Promise.resolve(steps.push(`refused: ${notice}`)),
    ...(quiet ? { refusedQuietly: () => Promise.resolve(steps.push('refused quietly')) } : {}),
    acknowledge: (asksTransit) => Promise.resolve(steps.push(`acknowledged (${asksTransit ? 'transit' : 'local'})`)),
    respond: async (reply, asksTransit) => steps.push(`${(await reply).blocks[0]!.lines[0]} (${asksTransit ? 'transit' : 'local'})`),
  };
  return { steps, answering };
}

function start(limit?: number) {
  const core = createFakeCore();
  const rateLimit = limit === undefined ? {} : { rateLimit: { perMinute: limit, clock: () => new Date(0) } };
  return { core, pipeline: createChatPipeline({ core, logger: silentLogger(), ...rateLimit }) };
}

describe('the chat pipeline', () => {
  it('reads typed text once; text the core does not take gets no answer at all', async () => {
    const { core, pipeline } = start(5);
    const { steps, answering } = recorder();
    await pipeline.answer({ text: 'see you at 5' }, group, answering);
    expect(steps).toEqual([]);
    await pipeline.answer({ text: '/help' }, group, answering);
    expect(steps).toEqual(['acknowledged (local)', '/help (local)']);
    expect(core.seen.map((s) => s.input)).toEqual([{ name: 'help', options: {} }]);
  });

  it('acknowledges before the core runs a request that asks the transit service, then responds', async () => {
    const { core, pipeline } = start(5);
    const { steps, answering } = recorder();
    const acknowledged = answering.acknowledge!;
    answering.acknowledge = (asksTransit) => (steps.push(`core ran ${core.seen.length} times`), acknowledged(asksTransit));
    await pipeline.answer({ request: { name: 'next', options: { stop: '3017' } } }, chat, answering);
    expect(steps).toEqual(['core ran 0 times', 'acknowledged (transit)', '3 min (transit)']);
  });

  it('holds a rider to the limit: told once per window where silence is allowed, the core never asked', async () => {
    const { core, pipeline } = start(1);
    const { steps, answering } = recorder();
    for (const text of ['/next 3017', '/next 3018', '/next 3019']) await pipeline.answer({ text }, chat, answering);
    expect(steps).toEqual(['acknowledged (transit)', '3 min (transit)', 'refused: [fr] Slow down <please>', 'refused quietly']);
    expect(core.seen).toHaveLength(1);
    // What asks nothing of the transit service is not counted; a usage error neither.
    await pipeline.answer({ text: '/help' }, chat, answering);
    await pipeline.answer({ text: '/next' }, chat, answering);
    expect(steps.slice(4)).toEqual(['acknowledged (local)', '/help (local)', 'acknowledged (local)', 'Send a stop number (local)']);
  });

  it('tells every refusal where the platform must answer each request', async () => {
    const { pipeline } = start(1);
    const { steps, answering } = recorder(false);
    for (const stop of ['3017', '3018', '3019']) await pipeline.answer({ request: { name: 'next', options: { stop } } }, chat, answering);
    expect(steps.slice(2)).toEqual(['refused: [fr] Slow down <please>', 'refused: [fr] Slow down <please>']);
  });

  it('counts a shared location against the limit, though the stop index answers it', async () => {
    const { core, pipeline } = start(1);
    const { steps, answering } = recorder();
    await pipeline.answer({ location: { lat: 45.35, lon: -75.76 } }, chat, answering);
    await pipeline.answer({ location: { lat: 45.35, lon: -75.76 } }, chat, answering);
    expect(steps).toEqual(['acknowledged (local)', '3017 Baseline: 40 m (local)', 'refused: [fr] Slow down <please>']);
    expect(core.seen.map((s) => s.kind)).toEqual(['location']);
  });

  it('limits nobody without a limiter (the terminal)', async () => {
    const { pipeline } = start();
    const { steps, answering } = recorder();
    for (let i = 0; i < 30; i++) await pipeline.answer({ text: '/next 3017' }, chat, answering);
    expect(steps.filter((s) => s.startsWith('refused'))).toEqual([]);
  });

  it('drains: waits for the events under way, or says it gave up after the grace', async () => {
    const { pipeline } = start();
    let finish!: () => void;
    void pipeline.track(new Promise<void>((resolve) => (finish = resolve)));
    const drained = pipeline.drain(60_000);
    finish();
    await expect(drained).resolves.toBe(true);
    void pipeline.track(new Promise(() => {}));
    await expect(pipeline.drain(1)).resolves.toBe(false);
  });
});
