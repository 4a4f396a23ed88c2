import { SlashCommandBuilder, type SlashCommandStringOption } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { MENU_SPECS } from '../../../src/core/index.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { speakingOf } from '../../../src/core/source-words.js';
import { OTTAWA_PROFILE } from '../../core/fakes.js';
import { slashCommands, type SlashCommand, type SlashOption } from '../../../src/chat/discord/slash-commands.js';

// Discord's rules for application commands (docs: Application Commands, naming and limits).
const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

/** The same command built with discord.js's builders (@discordjs/builders), which validate every setter against Discord's rules. */
function rebuilt(command: SlashCommand): unknown {
  const builder = new SlashCommandBuilder()
    .setName(command.name)
    .setNameLocalizations(command.name_localizations)
    .setDescription(command.description)
    .setDescriptionLocalizations(command.description_localizations);
  if (command.default_member_permissions !== undefined) builder.setDefaultMemberPermissions(command.default_member_permissions);
  for (const option of command.options) builder.addStringOption((o) => stringOption(o, option));
  // Through JSON, as it is sent: keys the builder leaves undefined disappear.
  return JSON.parse(JSON.stringify(builder.toJSON()));
}

function stringOption(o: SlashCommandStringOption, option: SlashOption): SlashCommandStringOption {
  o.setName(option.name)
    .setNameLocalizations(option.name_localizations)
    .setDescription(option.description)
    .setDescriptionLocalizations(option.description_localizations)
    .setRequired(option.required);
  if (option.autocomplete !== undefined) o.setAutocomplete(option.autocomplete);
  if (option.choices !== undefined) o.addChoices(...option.choices);
  return o;
}

/** Every Discord locale the languages' words.json files name, beside the default language's base texts. */
const LOCALIZED = ['fr', 'es-ES', 'es-419'];

describe('Discord slash commands from the command table', () => {
  const languages = packageLanguages();
  const commands = slashCommands(MENU_SPECS, speakingOf(createTranslator(languages), { profile: () => OTTAWA_PROFILE }), languages);

  it('has one command per table entry, each argument an option in the same order', () => {
    expect(commands.map((c) => c.name)).toEqual(MENU_SPECS.map((s) => s.name));
    for (const [i, spec] of MENU_SPECS.entries()) {
      expect(commands[i]!.options.map((o) => [o.name, o.required])).toEqual(
        spec.args.filter((a) => a.textOnly !== true).map((a) => [a.name, a.required]),
      );
    }
  });

  it("passes discord.js's builders unchanged, for every command in the table", () => {
    expect(commands).toHaveLength(MENU_SPECS.length);
    for (const command of commands) expect(rebuilt(command), command.name).toEqual(command);
  });

  it('is refused by the builders when a rule is broken (the check above is a real one)', () => {
    const next = commands.find((c) => c.name === 'next')!;
    expect(() => rebuilt({ ...next, name: 'Next' })).toThrow();
    expect(() => rebuilt({ ...next, description: 'x'.repeat(101) })).toThrow();
    expect(() => rebuilt({ ...next, name_localizations: { 'fr-CA': 'next' } })).toThrow();
    expect(() => rebuilt({ ...next, options: [{ ...next.options[0]!, name: 'two words' }] })).toThrow();
    expect(() => rebuilt({ ...next, options: [{ ...next.options[0]!, choices: [{ name: 'x', value: 'x' }] }] })).toThrow();
  });

  it("asks for Manage Channels by default for the commands that change a channel's alerts", () => {
    const managing = commands.filter((c) => c.default_member_permissions === '16').map((c) => c.name);
    expect(managing).toEqual(['subscribe', 'unsubscribe', 'pause', 'resume', 'timezone']);
  });

  it("keeps within Discord's limits, with names and descriptions in every other language", () => {
    for (const command of commands) {
      expect(command.type).toBe(1);
      expect(command.name).toMatch(NAME);
      expect(command.name).toBe(command.name.toLowerCase());
      expect(Object.keys(command.name_localizations).sort()).toEqual([...LOCALIZED].sort());
      expect(command.description.length).toBeGreaterThan(0);
      expect(command.description.length).toBeLessThanOrEqual(100);
      for (const code of LOCALIZED) {
        expect(command.name_localizations[code]).toMatch(NAME);
        expect(command.description_localizations[code]).not.toBe(command.description);
      }
      for (const option of command.options) {
        expect(option.type).toBe(3);
        expect(option.name).toMatch(NAME);
        expect(option.description.length).toBeLessThanOrEqual(100);
        for (const code of LOCALIZED) {
          expect(option.name_localizations[code]).toMatch(NAME);
          expect(option.name_localizations[code]).toBe(option.name_localizations[code]!.toLowerCase());
          expect(option.description_localizations[code]!.length).toBeGreaterThan(0);
        }
      }
      // Required options must come before optional ones.
      const required = command.options.map((o) => o.required);
      expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it("names commands as each language's words.json does, and options in its words", () => {
    const next = commands.find((c) => c.name === 'next')!;
    expect(next.name_localizations).toEqual({ fr: 'prochain', 'es-ES': 'proxima', 'es-419': 'proxima' });
    expect(commands.find((c) => c.name === 'help')!.name_localizations).toEqual({ fr: 'aide', 'es-ES': 'ayuda', 'es-419': 'ayuda' });
    expect(next.options.map((o) => o.name_localizations.fr)).toEqual(['arrêt', 'circuit']);
    expect(next.options.map((o) => o.name_localizations['es-419'])).toEqual(['parada', 'ruta']);
    expect(next.description_localizations.fr).toBe('Prochains passages à un arrêt, pour un circuit ou tous');
    expect(next.description_localizations['es-ES']).toBe('Próximas llegadas a una parada, de una ruta o de todas');
  });

  it("describes the stop option in the source's own words", () => {
    const stop = commands.find((c) => c.name === 'next')!.options.find((o) => o.name === 'stop')!;
    expect([stop.description, stop.description_localizations.fr, stop.description_localizations['es-ES']]).toEqual([
      'The 4-digit number on the stop sign, like 3017',
      "Le numéro à 4 chiffres sur le panneau de l'arrêt, par exemple 3017",
      'El número de 4 cifras en el poste de la parada, como 3017',
    ]);
    const caltrain = slashCommands(
      MENU_SPECS,
      speakingOf(createTranslator(languages), {
        profile: () => ({
          agencies: ['Caltrain'],
          timeZone: 'America/Los_Angeles',
          examples: { stop: '70021', route: 'L1' },
          stopDigits: 5,
          vehicles: 'any',
        }),
      }),
      languages,
    );
    expect(caltrain.find((c) => c.name === 'next')!.options.find((o) => o.name === 'stop')!.description).toBe(
      'The 5-digit number on the stop sign, like 70021',
    );
  });

  it('offers autocomplete for stops and routes, and every language as a choice, by its own name', () => {
    const next = commands.find((c) => c.name === 'next')!;
    expect(next.options.find((o) => o.name === 'stop')).toMatchObject({ autocomplete: true, name_localizations: { fr: 'arrêt' } });
    expect(next.options.find((o) => o.name === 'route')).toMatchObject({ autocomplete: true, name_localizations: { fr: 'circuit' } });
    expect(commands.find((c) => c.name === 'stop')!.options[0]).toMatchObject({ name: 'query', autocomplete: true });
    const language = commands.find((c) => c.name === 'lang')!.options[0]!;
    expect(language.autocomplete).toBeUndefined();
    expect(language.choices).toEqual([
      { name: 'English', value: 'en' },
      { name: 'Español', value: 'es' },
      { name: 'Français', value: 'fr' },
    ]);
  });

  it("offers on and off by each language's words, their values the code's", () => {
    const pushes = commands.find((c) => c.name === 'disruptions')!.options.find((o) => o.name === 'pushes')!;
    expect(pushes.choices).toEqual([
      { name: 'on', name_localizations: { fr: 'activer', 'es-ES': 'activar', 'es-419': 'activar' }, value: 'on' },
      { name: 'off', name_localizations: { fr: 'désactiver', 'es-ES': 'desactivar', 'es-419': 'desactivar' }, value: 'off' },
    ]);
  });

  it("offers /help's groups as choices, each named in every language, their values the code's", () => {
    const topic = commands.find((c) => c.name === 'help')!.options.find((o) => o.name === 'topic')!;
    expect(topic.required).toBe(false);
    expect(topic.choices!.map((choice) => choice.value)).toEqual(['arrivals', 'stops', 'alerts', 'settings']);
    expect(topic.choices![2]).toEqual({
      name: '🔔 Alerts',
      name_localizations: { fr: '🔔 Alertes', 'es-ES': '🔔 Alertas', 'es-419': '🔔 Alertas' },
      value: 'alerts',
    });
  });

  it('keeps the table name where a language names no command for it', () => {
    expect(commands.find((c) => c.name === 'start')!.name_localizations).toEqual({ fr: 'start', 'es-ES': 'start', 'es-419': 'start' });
  });
});
