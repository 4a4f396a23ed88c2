import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandName, CommandRequest } from '../../../core/index.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { answerInteraction } from '../respond.js';
import { followingBus } from '../live-messages.js';

/**
 * A slash command: its options become the same CommandRequest a typed command or a button makes.
 * One that asks the transit service is deferred at once; the core checks every option again
 * (Discord only knows they are strings) and refuses with the rider's own usage message.
 */
export async function onSlashCommand(interaction: ChatInputCommandInteraction, deps: FeatureDeps): Promise<void> {
  const request = requestOf(interaction);
  const chat = chatContextOf(interaction);
  // /where follows the bus as 📍 does: its embed is edited as the bus moves.
  await deps.pipeline.answer(
    { request },
    chat,
    followingBus(answerInteraction(interaction, deps.deferAfterMs), interaction, chat, request, deps.live),
  );
}

/** The command's name and its top-level options as text (the core reads and checks them). */
export function requestOf(
  interaction: ChatInputCommandInteraction | { commandName: string; options: { data: readonly { name: string; value?: unknown }[] } },
): CommandRequest {
  const options: Record<string, string> = {};
  for (const option of interaction.options.data) {
    const value = option.value;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') options[option.name] = String(value);
  }
  // An unknown name reaches the core, which answers it with its usage message.
  return { name: interaction.commandName as CommandName, options };
}
