import { describe, expect, it } from 'vitest';
import { MENU_SPECS } from '../../../src/bot/index.js';
import { createTranslator } from '../../../src/bot/i18n.js';
import { slashCommands } from '../../../src/chat/discord/slash-commands.js';

// Discord's rules for application commands (docs: Application Commands, naming and limits).
const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

describe('Discord slash commands from the command table', () => {
  const commands = slashCommands(MENU_SPECS, createTranslator());

  it('has one command per table entry, each argument an option in the same order', () => {
    expect(commands.map((c) => c.name)).toEqual(MENU_SPECS.map((s) => s.name));
    for (const [i, spec] of MENU_SPECS.entries()) {
      expect(commands[i]!.options.map((o) => [o.name, o.required])).toEqual(spec.args.filter((a) => a.textOnly !== true).map((a) => [a.name, a.required]));
    }
  });

  it('keeps within Discord\'s limits, with French names and descriptions', () => {
    for (const command of commands) {
      expect(command.name).toMatch(NAME);
      expect(command.name).toBe(command.name.toLowerCase());
      expect(command.description.length).toBeGreaterThan(0);
      expect(command.description.length).toBeLessThanOrEqual(100);
      expect(command.description_localizations.fr).not.toBe(command.description);
      for (const option of command.options) {
        expect(option.name).toMatch(NAME);
        expect(option.name_localizations.fr).toMatch(NAME);
        expect(option.name_localizations.fr).toBe(option.name_localizations.fr!.toLowerCase());
        expect(option.description.length).toBeLessThanOrEqual(100);
        expect(option.description_localizations.fr!.length).toBeGreaterThan(0);
      }
      // Required options must come before optional ones.
      const required = command.options.map((o) => o.required);
      expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it('offers autocomplete for stops', () => {
    const next = commands.find((c) => c.name === 'next')!;
    expect(next.options.find((o) => o.name === 'stop')).toMatchObject({ autocomplete: true, name_localizations: { fr: 'arrêt' } });
    expect(next.options.find((o) => o.name === 'route')!.autocomplete).toBeUndefined();
  });
});
