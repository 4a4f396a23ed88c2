import { RESTEvents, Routes, type REST } from 'discord.js';
import type { DeliveryResult, Notifier, SendOptions } from '../../domain/notifier.js';
import type { Reply } from '../../domain/reply.js';
import type { Logger } from '../../log.js';
import { targetOf } from './chat-ids.js';
import type { Redact } from './describe-error.js';
import { classifyFailure } from './failures.js';
import type { Refusals } from './refusals.js';
import { renderReply } from './render.js';

export interface DiscordNotifierDeps {
  /** REST only: pushes need no gateway connection, so any process (any shard) can send them. */
  rest: REST;
  logger: Logger;
  redact: Redact;
  refusals: Refusals;
  /** DM channels kept at most (one per user pushed to). */
  maxDmChannels?: number;
}

export interface DiscordNotifier extends Notifier {
  readonly platform: 'discord';
}

/**
 * Alerts to a server channel (its id) or to a user ("@" and the user's id: their DM channel,
 * opened once and remembered). 429s are waited out by the REST client within its bound; a target
 * that refuses for good (403 50001/50007/50013, 404 10003/10013) is reported as a permanent
 * failure and never tried again.
 */
export function createDiscordNotifier(deps: DiscordNotifierDeps): DiscordNotifier {
  const { rest, logger, redact, refusals } = deps;
  const maxDm = deps.maxDmChannels ?? 50_000;
  const dmChannels = new Map<string, string>();
  const opening = new Map<string, Promise<string>>();

  async function dmChannelOf(userId: string): Promise<string> {
    const known = dmChannels.get(userId);
    if (known !== undefined) return known;
    // Two alerts for one user at once open one channel.
    let pending = opening.get(userId);
    if (pending === undefined) {
      pending = (async () => {
        const channel = (await rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id?: unknown };
        if (typeof channel?.id !== 'string') throw new Error('Discord opened a DM channel without an id');
        dmChannels.set(userId, channel.id);
        if (dmChannels.size > maxDm) dmChannels.delete(dmChannels.keys().next().value!);
        return channel.id;
      })().finally(() => opening.delete(userId));
      opening.set(userId, pending);
    }
    return pending;
  }

  return {
    platform: 'discord',
    // Only a global 429 holds the fleet's pushes: a route's (one channel's) concerns that channel alone.
    onRateLimited(listener) {
      rest.on(RESTEvents.Response, (_request, response) => {
        if (response.status !== 429) return;
        const { headers } = response;
        if (headers.get('x-ratelimit-global') !== 'true' && headers.get('x-ratelimit-scope') !== 'global') return;
        const seconds = Number(headers.get('retry-after') ?? 1);
        listener((Number.isFinite(seconds) ? seconds : 1) * 1000);
      });
    },
    async send(chatId: string, reply: Reply, options?: SendOptions): Promise<DeliveryResult> {
      const target = targetOf(chatId);
      if (target === undefined) return { status: 'permanent-failure', reason: 'not a Discord channel or user id' };
      const refused = refusals.reasonFor(chatId);
      if (refused !== undefined) return { status: 'permanent-failure', reason: `refused earlier (${refused}); not tried again` };
      try {
        const channelId = target.kind === 'channel' ? target.channelId : await dmChannelOf(target.userId);
        // Nobody is pinged by an alert, whatever a stop's name holds. A key it was sent under before
        // (a retry after a timeout or 5xx whose message was made, a job run again) gets Discord's
        // earlier message back rather than a second one: the nonce is checked for some minutes.
        const once = options?.once !== undefined ? { nonce: options.once, enforce_nonce: true } : {};
        await rest.post(Routes.channelMessages(channelId), { body: { ...renderReply(reply), allowed_mentions: { parse: [] }, ...once } });
        return { status: 'sent' };
      } catch (err) {
        const { kind, reason } = classifyFailure(err, redact);
        logger.warn({ chatId, kind, reason }, 'discord delivery failed');
        if (kind === 'temporary') return { status: 'temporary-failure', reason };
        refusals.remember(chatId, reason);
        if (target.kind === 'user') dmChannels.delete(target.userId);
        return { status: 'permanent-failure', reason };
      }
    },
  };
}
