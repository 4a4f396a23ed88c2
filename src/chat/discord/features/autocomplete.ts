import type { AutocompleteInteraction } from 'discord.js';
import type { Suggestion } from '../../../core/index.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { requestOf } from './slash-commands.js';

/** Discord shows at most 25 choices, each name and value 1-100 characters. */
const MAX_CHOICES = 25;
const MAX_CHOICE_CHARS = 100;

/**
 * Values offered while an option is typed: the core's suggestions (saved stops first, then the
 * stop index; the routes serving the chosen stop). Discord drops an answer after 3 seconds, so a
 * slow one (a route summary not yet cached) gives way to an empty list within the budget.
 */
export async function onAutocomplete(interaction: AutocompleteInteraction, deps: FeatureDeps): Promise<void> {
  const chat = chatContextOf(interaction);
  const focused = interaction.options.getFocused(true);
  const { [focused.name]: _typed, ...given } = requestOf(interaction).options;
  const suggestions = await within(
    deps.core.suggest(interaction.commandName, focused.name, String(focused.value), chat, MAX_CHOICES, given),
    deps.autocompleteBudgetMs,
  );
  await interaction.respond(suggestions.flatMap(toChoice).slice(0, MAX_CHOICES));
}

function toChoice({ label, value }: Suggestion): Array<{ name: string; value: string }> {
  if (value === '' || value.length > MAX_CHOICE_CHARS) return [];
  const name = label.trim() === '' ? value : label;
  return [{ name: name.length > MAX_CHOICE_CHARS ? `${name.slice(0, MAX_CHOICE_CHARS - 1)}…` : name, value }];
}

/** The suggestions, or none when they are not ready within `ms`. */
async function within(work: Promise<Suggestion[]>, ms: number): Promise<Suggestion[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Suggestion[]>((resolve) => (timer = setTimeout(() => resolve([]), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
