import { FluentResource, type Message } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { COMMAND_SPECS } from '../../src/core/commands/index.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { fold } from '../../src/core/languages/typed-words.js';

// A command a message tells riders to type is one the bot reads, by the name the rider's own
// language gives it (words.json): French help says /prochain, Spanish /proxima, and the menus
// (Telegram's, Discord's) show the same names.

const languages = packageLanguages();
const OWN_NAMES = new Set<string>(COMMAND_SPECS.map((spec) => spec.name));

/** The text of a message and its attributes, placeables aside. */
function textsOf(entry: Message): string[] {
  const patterns = [entry.value, ...Object.values(entry.attributes)];
  const texts: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') Object.values(node).forEach(visit);
  };
  patterns.forEach(visit);
  return texts;
}

/** Every "/name" a language's messages write, with the message it is in. */
function commandsWritten(messages: string): Array<{ id: string; name: string }> {
  const found: Array<{ id: string; name: string }> = [];
  for (const entry of new FluentResource(messages).body) {
    // "km/h", "America/Vancouver": a slash inside a word is no command.
    for (const text of textsOf(entry))
      for (const match of text.matchAll(/(?<![\p{L}\p{N}/])\/([\p{L}_]+)/gu)) found.push({ id: entry.id, name: match[1]! });
  }
  return found;
}

describe("commands in each language's messages", () => {
  it.each(languages.all.map((language) => [language.locale, language] as const))(
    '%s names each command by its own words, or by the command’s name where it gives none',
    (_locale, language) => {
      const names = new Map(Object.entries(language.words.commands).flatMap(([command, list]) => (list ?? []).map((name) => [name, command])));
      const named = new Set(names.values());
      const foreign = commandsWritten(language.messages).filter(({ name }) => !names.has(name) && !(OWN_NAMES.has(name) && !named.has(name)));
      expect(foreign.map(({ id, name }) => `/${name} in ${id}`)).toEqual([]);
    },
  );

  it.each(languages.all.map((language) => language.locale))('%s starts each usage line with the name its menus show', (locale) => {
    const t = (id: string) => new FluentResource(languages.get(locale)!.messages).body.find((entry) => entry.id === id);
    const wrong = COMMAND_SPECS.filter((spec) => {
      const usage = textsOf(t(spec.helpId)!)[0] ?? '';
      return !usage.startsWith(`/${languages.menuName(locale, spec.name)}`);
    });
    expect(wrong.map((spec) => spec.name)).toEqual([]);
  });

  it("reads every language's names back as their command, and no name as two commands", () => {
    for (const language of languages.all)
      for (const [command, list] of Object.entries(language.words.commands))
        for (const name of list ?? []) expect(languages.typed.command(name), `${language.locale}: ${name}`).toBe(command);
    const all = languages.all.flatMap((language) =>
      Object.entries(language.words.commands).flatMap(([command, list]) => (list ?? []).map((name) => [fold(name), command])),
    );
    const commandsOf = new Map<string, Set<string>>();
    for (const [name, command] of all) commandsOf.set(name!, (commandsOf.get(name!) ?? new Set()).add(command!));
    expect([...commandsOf].filter(([, commands]) => commands.size > 1)).toEqual([]);
  });

  it('has every example of the command table start with its command, so a message can name it in the rider’s words', () => {
    expect(COMMAND_SPECS.filter((spec) => !spec.example.startsWith(`/${spec.name}`)).map((spec) => spec.name)).toEqual([]);
  });
});
