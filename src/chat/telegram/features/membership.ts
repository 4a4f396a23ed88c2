import { Composer, type Context } from 'grammy';
import type { FeatureDeps } from '../deps.js';

/**
 * The bot's own membership (`my_chat_member`: blocked, kicked, added, made admin) and other
 * members' (`chat_member`), and a group that became a supergroup. Logged today; subscriptions
 * pause and move on these from the alert scheduler on.
 */
export function membership(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on(['my_chat_member', 'chat_member'], (ctx) => {
    const update = ctx.myChatMember ?? ctx.chatMember;
    deps.logger.info({ chatId: update?.chat.id, chatType: update?.chat.type, status: update?.new_chat_member.status, own: ctx.myChatMember !== undefined }, 'chat membership changed');
  });
  composer.on('message:migrate_to_chat_id', (ctx) => {
    deps.logger.info({ chatId: ctx.chat.id, to: ctx.message.migrate_to_chat_id }, 'group became a supergroup');
  });
  return composer;
}
