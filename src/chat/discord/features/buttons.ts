import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { Answering } from '../../pipeline.js';
import { chatContextOf } from '../chat-context.js';
import { decodeButton, type ButtonPress } from '../custom-id.js';
import type { FeatureDeps } from '../deps.js';
import { renderReply, replyText } from '../render.js';
import { answerInteraction, tellPrivately } from '../respond.js';
import { followingBus, keepBoardLive } from '../live-messages.js';
import { classifyFailure } from '../failures.js';
import { requestInTodaysFeeds, type ChatContext } from '../../../core/index.js';

/**
 * Buttons under replies, by the effect the core gave them. `update` (Refresh) redraws the message
 * in place; when it fails (the transit service is down) the message keeps its arrivals and the
 * rider alone reads why. `reply` (a route, a saved stop) answers with a new message, as the slash
 * command would. `notice` (Save) confirms privately.
 */
export async function onButton(interaction: ButtonInteraction, deps: FeatureDeps): Promise<void> {
  const chat = chatContextOf(interaction);
  const decoded = decodeButton(interaction.customId);
  if (decoded === undefined) return tellPrivately(interaction, deps.core.t(await deps.core.localeOf(chat), 'button-expired'));
  // A button sent under another set of feeds names its stop in today's form.
  const press = { ...decoded, command: requestInTodaysFeeds(deps.core.identifiers, decoded.command) };
  await deps.pipeline.answer({ request: press.command }, chat, answerPress(interaction, press, chat, deps));
}

function answerPress(interaction: ButtonInteraction, press: ButtonPress, chat: ChatContext, deps: FeatureDeps): Answering {
  const refused = (notice: string) => tellPrivately(interaction, notice);
  switch (press.effect) {
    case 'update':
      return {
        refused,
        // Acknowledged at once: the button shows it is working while the arrivals are fetched.
        acknowledge: () => interaction.deferUpdate(),
        respond: async (pending) => {
          const reply = await pending;
          if (reply.kind !== 'answer') return void (await interaction.followUp({ content: replyText(reply), flags: MessageFlags.Ephemeral }));
          await interaction.editReply(renderReply(reply));
          // 🔴 Live: the message just redrawn is kept up to date from now on.
          const live = deps.live;
          if (reply.liveUntil === undefined || live === undefined) return;
          await keepBoardLive(chat, { id: interaction.message.id, channelId: interaction.message.channelId }, reply, press.command, live).catch(
            // The rider has the arrivals; they only will not refresh by themselves.
            (err: unknown) => live.logger.warn({ chatId: chat.chatId, reason: classifyFailure(err, live.redact).reason }, '🔴 Live board not stored'),
          );
        },
      };
    case 'notice':
      return {
        refused,
        acknowledge: async (asksTransit) => {
          if (asksTransit) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
        },
        respond: async (pending) => {
          const reply = await pending;
          // A notice that asks a choice (which way?) keeps its buttons.
          const body = (reply.buttons ?? []).length > 0 ? renderReply(reply) : { content: replyText(reply) };
          if (interaction.deferred) await interaction.editReply(body);
          else await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
        },
      };
    case 'reply':
      return followingBus(answerInteraction(interaction, deps.deferAfterMs), interaction, chat, press.command, deps.live);
  }
}
