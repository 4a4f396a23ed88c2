import { DiscordAPIError, MessageFlags, type Interaction } from 'discord.js';
import { chatContextOf } from './chat-context.js';
import type { FeatureDeps } from './deps.js';
import { describeError } from './describe-error.js';

/** Discord's answers meaning the interaction can no longer be answered at all: telling fails too. */
const UNANSWERABLE = new Set([10062, 40060]);

/**
 * Every interaction's handler runs inside this: a failure is logged without secrets, and the rider
 * told privately, in their language, that something went wrong; an autocomplete gets an empty
 * list. It never throws, whatever was thrown and whatever state the interaction is in.
 */
export function errorBoundary(deps: Pick<FeatureDeps, 'core' | 'logger' | 'redact'>) {
  return async (interaction: Interaction, handle: () => Promise<void>): Promise<void> => {
    try {
      await handle();
      return;
    } catch (err) {
      deps.logger.error({ interaction: summary(interaction), error: describeError(err, deps.redact) }, 'interaction failed');
      if (unanswerable(err)) return;
    }
    try {
      if (interaction.isAutocomplete()) {
        if (!interaction.responded) await interaction.respond([]);
        return;
      }
      if (!interaction.isRepliable()) return;
      const content = deps.core.t(await deps.core.localeOf(chatContextOf(interaction)), 'error-internal');
      if (interaction.deferred || interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
      else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
    } catch (second) {
      deps.logger.warn({ interaction: summary(interaction), error: describeError(second, deps.redact) }, 'could not tell the user about the failure');
    }
  };
}

function unanswerable(err: unknown): boolean {
  try {
    return err instanceof DiscordAPIError && typeof err.code === 'number' && UNANSWERABLE.has(err.code);
  } catch {
    // instanceof itself throws on a revoked proxy: whatever it was, it was not Discord's answer.
    return false;
  }
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
