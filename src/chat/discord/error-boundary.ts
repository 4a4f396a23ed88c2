import { DiscordAPIError, MessageFlags, type Interaction } from 'discord.js';
import { chatContextOf } from './chat-context.js';
import type { FeatureDeps } from './deps.js';
import { describeError } from './describe-error.js';
import { createErrorBoundary } from '../error-boundary.js';

/** Discord's answers meaning the interaction can no longer be answered at all: telling fails too. */
const UNANSWERABLE = new Set([10062, 40060]);

/**
 * Every interaction's handler runs inside this (the shared boundary: logged without secrets, the
 * rider told privately in their language); an autocomplete gets an empty list. It never throws,
 * whatever was thrown and whatever state the interaction is in.
 */
export function errorBoundary(deps: Pick<FeatureDeps, 'core' | 'logger' | 'redact'>) {
  const boundary = createErrorBoundary({
    core: deps.core,
    logger: deps.logger,
    describe: (err) => describeError(err, deps.redact),
    unanswerable: (err) => err instanceof DiscordAPIError && typeof err.code === 'number' && UNANSWERABLE.has(err.code),
    failed: 'interaction failed',
  });
  return async (interaction: Interaction, handle: () => Promise<void>): Promise<void> => {
    try {
      await handle();
    } catch (error) {
      await boundary({
        error,
        about: { interaction: summary(interaction) },
        chat: () => chatContextOf(interaction),
        tell: (apology) => tell(interaction, apology),
      });
    }
  };
}

async function tell(interaction: Interaction, apology: () => Promise<string>): Promise<void> {
  if (interaction.isAutocomplete()) {
    if (!interaction.responded) await interaction.respond([]);
    return;
  }
  if (!interaction.isRepliable()) return;
  const content = await apology();
  if (interaction.deferred || interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/** What identifies an interaction in a log line; never its token. */
export function summary(interaction: Interaction): Record<string, unknown> {
  try {
    return {
      id: interaction.id,
      type: interaction.type,
      ...(interaction.isCommand() || interaction.isAutocomplete() ? { command: interaction.commandName } : {}),
      ...(interaction.guildId !== null ? { guild: interaction.guildId } : {}),
    };
  } catch {
    return {};
  }
}
