import { MessageFlags, type ButtonInteraction } from 'discord.js';
import { admit } from '../admit.js';
import { chatContextOf } from '../chat-context.js';
import { decodeButton } from '../custom-id.js';
import type { FeatureDeps } from '../deps.js';
import { renderReply, replyText } from '../render.js';
import { answerInTime, deferPublicly, deliver, tellPrivately } from '../respond.js';

/**
 * Buttons under replies, by the effect the core gave them. `update` (Refresh) redraws the message
 * in place; when it fails (the transit service is down) the message keeps its arrivals and the
 * rider alone reads why. `reply` (a route, a saved stop) answers with a new message, as the slash
 * command would. `notice` (Save) confirms privately.
 */
export async function onButton(interaction: ButtonInteraction, deps: FeatureDeps): Promise<void> {
  const chat = chatContextOf(interaction);
  const press = decodeButton(interaction.customId);
  if (press === undefined) return tellPrivately(interaction, deps.core.t(await deps.core.localeOf(chat), 'button-expired'));
  const asksTransit = deps.core.asksTransit(press.command);
  if (asksTransit && !(await admit(interaction, chat, deps))) return;

  switch (press.effect) {
    case 'update': {
      // Acknowledged at once: the button shows it is working while the arrivals are fetched.
      await interaction.deferUpdate();
      const reply = await deps.core.run(press.command, chat);
      if (reply.kind === 'answer') await interaction.editReply(renderReply(reply));
      else await interaction.followUp({ content: replyText(reply), flags: MessageFlags.Ephemeral });
      return;
    }
    case 'notice': {
      if (asksTransit) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const reply = await deps.core.run(press.command, chat);
      const content = replyText(reply);
      if (interaction.deferred) await interaction.editReply({ content });
      else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
      return;
    }
    case 'reply': {
      if (asksTransit) await deferPublicly(interaction);
      const work = deps.core.run(press.command, chat);
      await deliver(interaction, asksTransit ? await work : await answerInTime(interaction, work, deps.deferAfterMs));
      return;
    }
  }
}
