import type { CommandSpec } from '../../bot/index.js';
import type { Translate } from '../../bot/i18n.js';

// Discord's application command JSON (the body of PUT /applications/{id}/commands), derived from
// the core's one command table: names, descriptions and options in English with French
// localizations. Discord limits: names 1-32 lower-case letters/digits/-/_, descriptions 1-100.

const STRING_OPTION = 3;
const MAX_DESCRIPTION = 100;

export interface SlashOption {
  type: typeof STRING_OPTION;
  name: string;
  name_localizations: Record<string, string>;
  description: string;
  description_localizations: Record<string, string>;
  required: boolean;
  autocomplete?: boolean;
}

export interface SlashCommand {
  name: string;
  description: string;
  description_localizations: Record<string, string>;
  options: SlashOption[];
}

/** Discord's names for our French: both of its French locales. */
const FRENCH = ['fr'] as const;

export function slashCommands(commands: readonly CommandSpec[], t: Translate): SlashCommand[] {
  const described = (id: string) => ({
    description: clip(t('en', id)),
    description_localizations: Object.fromEntries(FRENCH.map((locale) => [locale, clip(t('fr', id))])),
  });
  return commands.map((spec) => ({
    name: spec.name,
    ...described(spec.descriptionId),
    options: spec.args
      .filter((arg) => arg.textOnly !== true)
      .map((arg) => ({
      type: STRING_OPTION,
      name: arg.name,
      name_localizations: Object.fromEntries(FRENCH.map((locale) => [locale, optionName(t('fr', arg.labelId))])),
      ...described(`${arg.labelId}.description`),
      required: arg.required,
      // Stops are offered from saved stops and the stop index while typed.
      ...(arg.kind === 'stop' || arg.kind === 'stop-or-name' ? { autocomplete: true } : {}),
    })),
  }));
}

function clip(text: string): string {
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/** "arrêt" is a valid Discord name; spaces and capitals are not. */
function optionName(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '-').slice(0, 32);
}
