import type { RepliableInteraction } from 'discord.js';
import type { ChatContext } from '../../bot/chat-context.js';
import type { FeatureDeps } from './deps.js';
import { tellPrivately } from './respond.js';

/**
 * Whether a request that asks the transit service may go ahead for this user; if not, the user
 * alone is told so, in their language (Discord needs some answer to every interaction).
 */
export async function admit(interaction: RepliableInteraction, chat: ChatContext, deps: Pick<FeatureDeps, 'core' | 'limiter'>): Promise<boolean> {
  if (deps.limiter.allow(`discord:${interaction.user.id}`)) return true;
  await tellPrivately(interaction, deps.core.t(await deps.core.localeOf(chat), 'rate-limited'));
  return false;
}
