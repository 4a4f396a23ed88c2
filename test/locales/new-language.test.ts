import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Api } from 'grammy';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { slashCommands } from '../../src/chat/discord/slash-commands.js';
import { registerCommandMenus } from '../../src/chat/telegram/command-menu.js';
import { COMMAND_SPECS, MENU_SPECS } from '../../src/core/commands/index.js';
import { createBotCore } from '../../src/core/create-core.js';
import { createTranslator } from '../../src/core/i18n.js';
import { loadLanguages } from '../../src/core/languages/load.js';
import { createRedactor } from '../../src/util/redact.js';
import { clock, fakeTransit, memoryStores, privateChat } from '../core/fakes.js';

// Adding a language is adding a folder under locales/: nothing else. Here a copy of the package's
// locales/ gains "xx" (English's files with words of its own), and the bot offers it everywhere.

const PACKAGE_LOCALES = new URL('../../locales/', import.meta.url);
const COMMAND_NAMES = COMMAND_SPECS.map((spec) => spec.name);
const made: string[] = [];

afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of locales/ with one more folder, "xx"; `words` changes its words.json, `then` the copy. */
function localesWith(words: (en: Record<string, unknown>) => Record<string, unknown>, then: (dir: string) => void = () => {}): URL {
  const dir = mkdtempSync(join(tmpdir(), 'arrivals-locales-'));
  made.push(dir);
  cpSync(PACKAGE_LOCALES, dir, { recursive: true });
  const en = JSON.parse(readFileSync(new URL('en/words.json', PACKAGE_LOCALES), 'utf8')) as Record<string, unknown>;
  const messages = readFileSync(new URL('en/messages.ftl', PACKAGE_LOCALES), 'utf8')
    .replace(/^lang-set = .*$/m, 'lang-set = Bone, mi parolos Xish.')
    .replace(/^command-next = \/next/m, 'command-next = /nexto');
  mkdirSync(join(dir, 'xx'));
  writeFileSync(join(dir, 'xx', 'messages.ftl'), messages);
  writeFileSync(join(dir, 'xx', 'words.json'), JSON.stringify(words(en)));
  then(dir);
  return pathToFileURL(`${dir}/`);
}

const xish = (en: Record<string, unknown>) => ({
  ...en,
  language: { name: 'Xish', tag: 'da', names: ['xish'], discord: ['da'], telegram: ['da'] },
  commands: { next: ['nexto'], help: ['helpo'] },
  days: { ...(en.days as object), monday: ['mondo'] },
  greetings: ['saluton'],
});

describe('a language added as a folder', () => {
  const languages = loadLanguages(localesWith(xish), COMMAND_NAMES);
  const transit = fakeTransit({});

  it('is offered by /lang, chosen by its name, and speaks its messages', async () => {
    const stores = memoryStores();
    const core = createBotCore({ transit, ...stores, now: clock, languages });
    const chat = privateChat();
    expect((await core.handleText('/lang', chat))!.blocks[0]!.lines[0]).toBe('I speak English, Español, Français, Xish: /lang en|es|fr|xx.');
    expect((await core.handleText('/lang xish', chat))!.blocks[0]!.lines[0]).toBe('Bone, mi parolos Xish.');
    expect(await core.localeOf(chat)).toBe('xx');
    expect(await core.localeOf(privateChat({ chatId: '7', languageCode: 'da-DK' }))).toBe('xx');
  });

  it('reads what its riders type', () => {
    const core = createBotCore({ transit, ...memoryStores(), now: clock, languages });
    expect(core.parse('/nexto 3017 95', privateChat())).toEqual({ ok: true, request: { name: 'next', options: { stop: '3017', route: '95' } } });
    expect(core.parse('/subscribe 3017 95 07:30 mondo', privateChat())).toMatchObject({ ok: true, request: { options: { days: 'mon' } } });
    expect(core.parse('saluton', privateChat())).toEqual({ ok: true, request: { name: 'start', options: {} } });
  });

  it("has Telegram's menu for its clients and Discord's localizations", async () => {
    const core = createBotCore({ transit, ...memoryStores(), now: clock, languages });
    expect(core.commandMenu('xx')[0]).toEqual({ command: 'nexto', description: core.t('en', 'command-next.description') });
    const calls: unknown[][] = [];
    const api = { setMyCommands: (...args: unknown[]) => Promise.resolve(calls.push(args)) } as unknown as Api;
    await registerCommandMenus(api, core, languages, pino({ level: 'silent' }), createRedactor([]));
    expect(calls).toContainEqual([core.commandMenu('xx'), { language_code: 'da' }]);
    expect(calls).toHaveLength(4);

    const commands = slashCommands(MENU_SPECS, createTranslator(languages), languages);
    expect(commands.find((c) => c.name === 'next')!.name_localizations.da).toBe('nexto');
    expect(commands.find((c) => c.name === 'lang')!.options[0]!.choices).toContainEqual({ name: 'Xish', value: 'xx' });
  });
});

describe('a language folder that cannot be read', () => {
  const refused = (words: (en: Record<string, unknown>) => Record<string, unknown>) => () => loadLanguages(localesWith(words), COMMAND_NAMES);

  it('stops the start, naming its file and what is wrong', () => {
    expect(refused((en) => ({ ...xish(en), commands: { nxt: ['nexto'] } }))).toThrow(/xx\/words\.json: commands: Unrecognized key: "nxt"/);
    expect(refused((en) => ({ ...xish(en), commands: { next: ['próxima'] } }))).toThrow(
      /xx\/words\.json: commands\.next: the first name is shown in menus/,
    );
    expect(refused((en) => ({ ...xish(en), days: { ...(en.days as object), monday: [] } }))).toThrow(/xx\/words\.json: days\.monday/);
    expect(refused((en) => ({ ...xish(en), language: undefined }))).toThrow(/xx\/words\.json: language/);
    const changed = (then: (dir: string) => void) => () => loadLanguages(localesWith(xish, then), COMMAND_NAMES);
    expect(changed((dir) => rmSync(join(dir, 'xx', 'messages.ftl')))).toThrow(/xx\/messages\.ftl: missing/);
    expect(changed((dir) => writeFileSync(join(dir, 'languages.json'), '{ "default": "de" }'))).toThrow(
      /languages\.json: default "de" is not one of the folders read/,
    );
    expect(changed((dir) => mkdirSync(join(dir, 'Klingon')))).toThrow(/Klingon\/: a language's folder is named by its tag/);
  });

  it('refuses a word that already means something else in another language', () => {
    expect(refused((en) => ({ ...xish(en), commands: { help: ['prochain'] } }))).toThrow(
      /"prochain" means the command help, but the command next in fr\/words\.json/,
    );
    expect(refused((en) => ({ ...xish(en), language: { ...(xish(en).language as object), names: ['english'] } }))).toThrow(
      /"english" means the language xx/,
    );
  });
});
