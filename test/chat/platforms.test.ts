import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ChatAdapter } from '../../src/chat/adapter.js';
import type { ChatPlatform, PlatformDeps } from '../../src/chat/platform.js';
import { chatTypeOf, openPlatforms, servedPlatforms, servesTerminal } from '../../src/chat/platforms.js';
import { consolePlatform } from '../../src/chat/console/platform.js';
import { ConfigError, loadConfig, secretsOf } from '../../src/config/index.js';
import { createBotCore } from '../../src/core/index.js';
import { SOURCE_KINDS } from '../../src/sources/kinds.js';
import { clock, fakeTransit, memoryStores } from '../core/fakes.js';
import { capturingLogger } from '../pushes/fakes.js';
import { toldLifecycle } from './told-lifecycle.js';

// A platform is its folder and one line in a list: this one exists only here, registered in a
// list of the test's own, and the config and the wiring main uses take it as they take Telegram's.

const variables = z.object({
  PIGEON_TOKEN: z
    .string()
    .regex(/^coo-\w+$/, 'a token like coo-123')
    .optional(),
  ALERT_PIGEON_PER_SECOND: z.string().regex(/^\d+$/, 'a whole number').transform(Number).optional(),
});

const opened: Array<{ settings: { token: string }; deps: PlatformDeps }> = [];

const pigeonPlatform = {
  name: 'pigeon',
  variables,
  settings: (v) => (v.PIGEON_TOKEN !== undefined ? { token: v.PIGEON_TOKEN } : undefined),
  secrets: (settings) => [settings.token],
  pushesPerSecond: (v) => v.ALERT_PIGEON_PER_SECOND ?? 2,
  editLimits: { perSecond: 1, perChatPerMinute: { private: 2, group: 1, channel: 1 } },
  // A loft is everyone's there; a ring is one bird's.
  chatTypeOf: (chatId) => (chatId.startsWith('loft-') ? 'group' : 'private'),
  open(settings, deps): ChatAdapter {
    opened.push({ settings, deps });
    return {
      platform: 'pigeon',
      notifier: { platform: 'pigeon', send: () => Promise.resolve({ status: 'sent' }) },
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
      ended: () => new Promise(() => {}),
    };
  },
} satisfies ChatPlatform<typeof variables, { token: string }>;

const PLATFORMS: readonly ChatPlatform[] = [pigeonPlatform, consolePlatform];
const parts = { platforms: PLATFORMS, kinds: SOURCE_KINDS };
const noFile = () => '';

describe('a platform registered in a list', () => {
  it('has its variables read with every other, its settings served, its pace and secrets known', () => {
    const config = loadConfig({ PIGEON_TOKEN: 'coo-42', ALERT_PIGEON_PER_SECOND: '3' }, noFile, parts);
    expect(config.platforms).toEqual({ pigeon: { token: 'coo-42' } });
    expect(config.alerts.perSecond).toEqual({ pigeon: 3, console: 50 });
    expect(secretsOf(config, PLATFORMS)).toContain('coo-42');
    expect(servesTerminal(config.platforms, PLATFORMS)).toBe(false);
  });

  it('reports its problems by its variables, beside the others', () => {
    let problems: string[] = [];
    try {
      loadConfig({ PIGEON_TOKEN: 'hush-secret', LOG_LEVEL: 'loud' }, noFile, parts);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      problems = (err as ConfigError).problems;
    }
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PIGEON_TOKEN']);
    expect(problems.join('\n')).not.toContain('hush-secret');
  });

  it('opens through the loop main wires with, given what main gives every platform', () => {
    const config = loadConfig({ PIGEON_TOKEN: 'coo-42' }, noFile, parts);
    const stores = memoryStores();
    const core = createBotCore({ transit: fakeTransit({}), ...stores, now: clock });
    const deps: PlatformDeps = {
      core,
      lifecycle: toldLifecycle(),
      liveMessages: { list: () => Promise.resolve([]) } as unknown as PlatformDeps['liveMessages'],
      logger: capturingLogger().logger,
      clock,
      rateLimitPerMinute: 20,
    };
    const adapters = openPlatforms(config.platforms, deps, PLATFORMS);
    expect(adapters.map((a) => a.platform)).toEqual(['pigeon']);
    expect(opened).toEqual([{ settings: { token: 'coo-42' }, deps }]);
  });

  it('says what its chats are by their ids, for the pace of their pushes', () => {
    expect(chatTypeOf({ platform: 'pigeon', chatId: 'loft-7' }, PLATFORMS)).toBe('group');
    expect(chatTypeOf({ platform: 'pigeon', chatId: 'ring-7' }, PLATFORMS)).toBe('private');
    // A platform this build does not register: the slower pace.
    expect(chatTypeOf({ platform: 'carrier', chatId: 'ring-7' }, PLATFORMS)).toBe('group');
  });

  it('leaves the terminal to serve when it is not set up', () => {
    const config = loadConfig({ LANG: 'fr_CA.UTF-8' }, noFile, parts);
    expect(servedPlatforms(config.platforms, PLATFORMS).map(({ platform }) => platform.name)).toEqual(['console']);
    expect(servesTerminal(config.platforms, PLATFORMS)).toBe(true);
    expect(config.logFile).toBe('data/arrivals-bot.log');
  });
});

describe('the registered platforms', () => {
  it("read Telegram's and Discord's chat ids as their platforms write them", () => {
    expect(chatTypeOf({ platform: 'telegram', chatId: '-1001234' })).toBe('group');
    expect(chatTypeOf({ platform: 'telegram', chatId: '42' })).toBe('private');
    expect(chatTypeOf({ platform: 'discord', chatId: '@123456789012345678' })).toBe('private');
    expect(chatTypeOf({ platform: 'discord', chatId: '123456789012345678' })).toBe('group');
    expect(chatTypeOf({ platform: 'console', chatId: 'terminal' })).toBe('private');
  });
});
