import { HELP_TOPICS_IN_USE, type ArgKind, type CommandSpec, type Languages, type Translate } from '../../core/index.js';

// Discord's application command JSON (the body of PUT /applications/{id}/commands), derived from
// the core's one command table: names, descriptions and options in the default language, with a
// localization for each Discord locale another language's words.json names (its command names,
// its messages). Discord limits: names 1-32 lower-case letters/digits/-/_, descriptions 1-100.

const CHAT_INPUT = 1;
const STRING_OPTION = 3;
const MAX_DESCRIPTION = 100;
const MAX_NAME = 32;

export interface SlashChoice {
  name: string;
  name_localizations?: Record<string, string>;
  value: string;
}

export interface SlashOption {
  type: typeof STRING_OPTION;
  name: string;
  name_localizations: Record<string, string>;
  description: string;
  description_localizations: Record<string, string>;
  required: boolean;
  autocomplete?: boolean;
  choices?: SlashChoice[];
}

export interface SlashCommand {
  type: typeof CHAT_INPUT;
  name: string;
  name_localizations: Record<string, string>;
  description: string;
  description_localizations: Record<string, string>;
  options: SlashOption[];
  default_member_permissions?: string;
}

/** Stops and routes are offered while typed (saved stops, the stop index, the stop's routes). */
const AUTOCOMPLETED: readonly ArgKind[] = ['stop', 'stop-or-name', 'route', 'subscription-id'];

/** Manage Channels: who may change a channel's alerts by default; checked again when the command runs. */
const MANAGE_CHANNELS = String(1 << 4);

export function slashCommands(commands: readonly CommandSpec[], t: Translate, languages: Languages): SlashCommand[] {
  const base = languages.default.locale;
  // Discord's locale codes of every other language ("fr", "es-ES", "es-419"), each with what it says.
  const localized = (say: (locale: string) => string) =>
    Object.fromEntries(
      languages.all
        .filter((language) => language.locale !== base)
        .flatMap((language) => language.discord.map((code) => [code, say(language.locale)])),
    );
  const described = (id: string) => ({
    description: clip(t(base, id)),
    description_localizations: localized((locale) => clip(t(locale, id))),
  });
  const switchChoice = (value: 'on' | 'off') => ({
    name: languages.default.words[value][0] ?? value,
    name_localizations: localized((locale) => languages.get(locale)!.words[value][0] ?? value),
    value,
  });
  const topicChoice = (value: string) => ({
    name: clip(t(base, `help-topic-${value}`)),
    name_localizations: localized((locale) => clip(t(locale, `help-topic-${value}`))),
    value,
  });
  return commands.map((spec) => ({
    type: CHAT_INPUT,
    name: spec.name,
    // Discord sends the interaction under the command's own name, whichever its client showed.
    name_localizations: localized((locale) => languages.menuName(locale, spec.name)),
    ...described(spec.descriptionId),
    ...(spec.managesChat === true ? { default_member_permissions: MANAGE_CHANNELS } : {}),
    options: spec.args
      .filter((arg) => arg.textOnly !== true)
      .map((arg) => ({
        type: STRING_OPTION,
        name: arg.name,
        name_localizations: localized((locale) => optionName(t(locale, arg.labelId))),
        ...described(`${arg.labelId}.description`),
        required: arg.required,
        ...(AUTOCOMPLETED.includes(arg.kind) ? { autocomplete: true } : {}),
        // A language picker names each language in itself, whatever the reader's language.
        ...(arg.kind === 'language' ? { choices: languages.all.map((language) => ({ name: language.name, value: language.locale })) } : {}),
        ...(arg.kind === 'switch' ? { choices: [switchChoice('on'), switchChoice('off')] } : {}),
        ...(arg.kind === 'help-topic' ? { choices: HELP_TOPICS_IN_USE.map(topicChoice) } : {}),
      })),
  }));
}

function clip(text: string): string {
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/** "arrêt" is a valid Discord name; spaces and capitals are not. */
function optionName(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '-').slice(0, MAX_NAME);
}
