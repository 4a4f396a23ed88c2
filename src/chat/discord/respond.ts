import { MessageFlags, type RepliableInteraction } from 'discord.js';
import type { Reply } from '../../domain/reply.js';
import type { Answering } from '../pipeline.js';
import { renderReply, replyText } from './render.js';

// Discord wants every interaction acknowledged within 3 seconds, or the rider reads "the
// application did not respond". An answer that needs the network is deferred at once (a public
// "thinking…" placeholder); any other is deferred only if it turns out slow. Answers are public;
// refusals and failures are shown only to the rider who asked.

/** Interactions whose public placeholder is showing, so a refusal can take its place privately. */
const placeholders = new WeakSet<RepliableInteraction>();

export async function deferPublicly(interaction: RepliableInteraction): Promise<void> {
  await interaction.deferReply();
  placeholders.add(interaction);
}

/**
 * An interaction answered as a slash command is: a request that asks the network deferred
 * publicly at once, any other only when it turns out slow; a refusal only the asker sees.
 */
export function answerInteraction(interaction: RepliableInteraction, deferAfterMs: number): Answering {
  return {
    refused: (notice) => tellPrivately(interaction, notice),
    acknowledge: async (asksTransit) => {
      if (asksTransit) await deferPublicly(interaction);
    },
    respond: async (reply, asksTransit) => deliver(interaction, asksTransit ? await reply : await answerInTime(interaction, reply, deferAfterMs)),
  };
}

/** Waits for `work`, deferring publicly if it takes longer than `afterMs`. */
export async function answerInTime(interaction: RepliableInteraction, work: Promise<Reply>, afterMs: number): Promise<Reply> {
  let deferring: Promise<void> | undefined;
  const timer = setTimeout(() => {
    // A failed deferral surfaces when the answer is delivered; here it must not go unhandled.
    deferring = deferPublicly(interaction).catch(() => undefined);
  }, afterMs);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    await deferring;
  }
}

/** The reply as the rider expects it: an answer for everyone in the channel, anything else privately. */
export async function deliver(interaction: RepliableInteraction, reply: Reply): Promise<void> {
  if (reply.kind !== 'answer') return tellPrivately(interaction, replyText(reply));
  const message = renderReply(reply);
  if (interaction.deferred) await interaction.editReply(message);
  else await interaction.reply(message);
}

/** A short text only the asker sees, whatever was already said to the interaction. */
export async function tellPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  if (placeholders.has(interaction)) {
    // A public placeholder cannot turn private: it gives way to a follow-up only the asker sees.
    placeholders.delete(interaction);
    await interaction.deleteReply();
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  } else if (interaction.deferred && interaction.ephemeral === true) {
    await interaction.editReply({ content, embeds: [], components: [] });
  } else if (interaction.deferred || interaction.replied) {
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  }
}
