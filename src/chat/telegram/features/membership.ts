import { Composer, type Context } from 'grammy';
import type { FeatureDeps } from '../deps.js';

// The statuses in which the bot can no longer post to a chat, and those in which it is back.
const GONE = new Set(['kicked', 'left']);
const BACK = new Set(['member', 'administrator', 'creator']);

/**
 * The bot's own membership (`my_chat_member`: blocked by a person, removed from a group or
 * channel) pauses that chat's alerts at once, and being let back in (unblocked, added again)
 * resumes them; a group that became a supergroup (`migrate_to_chat_id`) keeps its alerts under
 * the new id: each told to the store's ChatLifecycle. Other members' changes (`chat_member`) are
 * only logged: permissions are asked again at each command.
 */
export function membership(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('my_chat_member', async (ctx) => {
    const { chat, new_chat_member: member } = ctx.myChatMember;
    deps.logger.info({ chatId: chat.id, chatType: chat.type, status: member.status }, 'bot membership changed');
    if (GONE.has(member.status)) await deps.lifecycle.refused({ platform: 'telegram', chatId: String(chat.id) });
    else if (BACK.has(member.status)) await deps.lifecycle.returned({ platform: 'telegram', chatId: String(chat.id) });
  });
  composer.on('chat_member', (ctx) => {
    deps.logger.debug({ chatId: ctx.chatMember.chat.id, status: ctx.chatMember.new_chat_member.status }, 'member changed');
  });
  composer.on('message:migrate_to_chat_id', async (ctx) => {
    const to = String(ctx.message.migrate_to_chat_id);
    await deps.lifecycle.moved({ platform: 'telegram', chatId: String(ctx.chat.id) }, { platform: 'telegram', chatId: to });
  });
  return composer;
}
