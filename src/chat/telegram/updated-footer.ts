import type { BotCore, Locale } from '../../bot/core.js';
import type { Reply } from '../../bot/reply.js';
import { ottawaClock } from '../../bot/clock.js';

/**
 * A refreshed message must show when it was refreshed, or the rider cannot tell that the tap
 * did anything. The core's arrivals already carry "Updated at 08:12"; other replies get it here.
 */
export function withUpdatedTime(reply: Reply, core: BotCore, locale: Locale, now: number): Reply {
  const stamp = core.t(locale, 'arrivals-updated', { clock: ottawaClock(new Date(now)) });
  if (reply.footer?.includes(stamp)) return reply;
  return { ...reply, footer: [...(reply.footer ?? []), stamp] };
}
