import type { ArgKind, CommandSpec, Translate } from '../../core/index.js';
import type { Locale } from '../../domain/locale.js';

// Discord's application command JSON (the body of PUT /applications/{id}/commands), derived from
// the core's one command table: names, descriptions and options in English with French
// localizations. Discord limits: names 1-32 lower-case letters/digits/-/_, descriptions 1-100.

const CHAT_INPUT = 1;
const STRING_OPTION = 3;
const MAX_DESCRIPTION = 100;
const MAX_NAME = 32;

export interface SlashChoice {
  name: string;
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

/** Discord has one French locale, "fr"; its clients send it as the interaction's locale. */
const FRENCH = ['fr'] as const;

/** Stops and routes are offered while typed (saved stops, the stop index, the stop's routes). */
const AUTOCOMPLETED: readonly ArgKind[] = ['stop', 'stop-or-name', 'route', 'subscription-id'];

/** Manage Channels: who may change a channel's alerts by default; checked again when the command runs. */
const MANAGE_CHANNELS = String(1 << 4);

/** A language picker names each language in itself, whatever the reader's language. */
const LANGUAGE_CHOICES: readonly SlashChoice[] = (
  [
    ['en', 'English'],
    ['fr', 'Français'],
  ] as const satisfies ReadonlyArray<readonly [Locale, string]>
).map(([value, name]) => ({ name, value }));

export function slashCommands(commands: readonly CommandSpec[], t: Translate): SlashCommand[] {
  const described = (id: string) => ({
    description: clip(t('en', id)),
    description_localizations: Object.fromEntries(FRENCH.map((locale) => [locale, clip(t('fr', id))])),
  });
  return commands.map((spec) => ({
    type: CHAT_INPUT,
    name: spec.name,
    // The name French help tells riders to type: the first word of the French usage line.
    name_localizations: Object.fromEntries(FRENCH.map((locale) => [locale, commandName(t(locale, spec.helpId), spec.name)])),
    ...described(spec.descriptionId),
    ...(spec.managesChat === true ? { default_member_permissions: MANAGE_CHANNELS } : {}),
    options: spec.args
      .filter((arg) => arg.textOnly !== true)
      .map((arg) => ({
        type: STRING_OPTION,
        name: arg.name,
        name_localizations: Object.fromEntries(FRENCH.map((locale) => [locale, optionName(t(locale, arg.labelId))])),
        ...described(`${arg.labelId}.description`),
        required: arg.required,
        ...(AUTOCOMPLETED.includes(arg.kind) ? { autocomplete: true } : {}),
        ...(arg.kind === 'language' ? { choices: LANGUAGE_CHOICES.map((choice) => ({ ...choice })) } : {}),
        ...(arg.kind === 'switch' ? { choices: ['on', 'off'].map((value) => ({ name: value, value })) } : {}),
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

/** "/next <arrêt> [circuit]" -> "next"; the table's name when the line does not start with one. */
function commandName(usage: string, fallback: string): string {
  const word = /^\/([-_\p{Ll}\p{Lo}\p{N}]{1,32})(?:\s|$)/u.exec(usage.trim())?.[1];
  return word ?? fallback;
}
