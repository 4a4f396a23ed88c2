import type { HandlerContext } from './handler-context.js';

/** In a group, only its administrators change its alerts (and its disruption pushes); asked of the platform at this moment. */
export async function mayManage(ctx: Pick<HandlerContext, 'chat' | 'logger'>): Promise<boolean> {
  if (ctx.chat.chatType === 'private' || ctx.chat.userCanManage === undefined) return true;
  try {
    return await ctx.chat.userCanManage();
  } catch (err) {
    ctx.logger?.warn({ err, platform: ctx.chat.platform }, 'could not check the user is an administrator; refusing');
    return false;
  }
}
