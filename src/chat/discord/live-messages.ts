import { DiscordAPIError, RateLimitError, Routes, type REST, type RepliableInteraction, type RequestData } from 'discord.js';
import { liveRounds, type ChatContext } from '../../core/index.js';
import type { Clock } from '../../domain/clock.js';
import type { Reply } from '../../domain/reply.js';
import type { LiveMessage, LiveMessagesRepository } from '../../domain/store-ports.js';
import type { Logger } from '../../log.js';
import type { Answering } from '../pipeline.js';
import { EditRateLimited, type LiveEditor } from '../../domain/live-editor.js';
import type { Redact } from './describe-error.js';
import { classifyFailure } from './failures.js';
import { renderReply, type DiscordMessage } from './render.js';

// "Where is it" and 🔴 Live on Discord: the answer's embed (the facts and the map link, or the
// arrivals) is edited in place by the live updater as the bus moves, then a last time saying it
// is no longer followed. The bot edits its own message in the channel (PATCH
// /channels/{channel}/messages/{message}) rather than through the interaction's webhook, whose
// token lasts 15 minutes and would have to be stored: the same request works for the whole period
// and after a restart. A DM's messages are in its DM channel, stored with the message.

/** How long a 📍 embed follows the bus: as long as Telegram's pin (live-location.ts). */
export const LIVE_PERIOD_SECONDS = 15 * 60;

export interface DiscordLive {
  messages: LiveMessagesRepository;
  clock: Clock;
  periodSeconds?: number;
  /** Where a message that could not be stored to be followed is said (the rider has the answer already). */
  logger: Logger;
  redact: Redact;
}

/** The message a live answer was sent as: its id and the channel it is in. */
export interface SentMessage {
  id: string;
  channelId: string;
}

const recordId = (chat: ChatContext, messageId: string) => `discord.${chat.chatId}.${messageId}`;

/** A 📍 answer with a fresh fix, already sent: stored to be edited as the bus moves. */
export async function followBus(chat: ChatContext, sent: SentMessage, request: LiveMessage['request'], live: DiscordLive): Promise<void> {
  const period = live.periodSeconds ?? LIVE_PERIOD_SECONDS;
  await live.messages.put({
    id: recordId(chat, sent.id),
    platform: 'discord',
    kind: 'location',
    chatId: chat.chatId,
    chatType: chat.chatType,
    messageId: sent.id,
    channelId: sent.channelId,
    ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
    request,
    until: new Date(live.clock().getTime() + period * 1000).toISOString(),
  });
}

/**
 * An answer that, when it shows a bus at a fresh fix (📍, /where), is stored once sent to be
 * edited as the bus moves; any other answer goes as `answering` sends it.
 */
export function followingBus(
  answering: Answering,
  interaction: RepliableInteraction,
  chat: ChatContext,
  request: LiveMessage['request'],
  live: DiscordLive | undefined,
): Answering {
  if (live === undefined) return answering;
  return {
    ...answering,
    respond: async (pending, asksTransit) => {
      let reply: Reply | undefined;
      // 🚌 a trip this chat already follows: its message takes the new request, the rider is told so instead of a second one.
      let already: LiveMessage | undefined;
      await answering.respond(
        pending.then(async (r) => {
          reply = r;
          if (r.kind !== 'answer' || r.follow === undefined) return r;
          already = await followedAlready(chat, r.follow.key, live).catch(() => undefined);
          return already === undefined ? r : { kind: 'answer' as const, blocks: [{ lines: [r.follow.already] }] };
        }),
        asksTransit,
      );
      if (reply?.kind === 'answer' && reply.follow !== undefined) return trackFollowed(interaction, chat, reply, already, live);
      if (reply?.kind !== 'answer' || reply.location === undefined) return;
      try {
        // The reply's id is known only from Discord: its interaction webhook's @original.
        const sent = await interaction.fetchReply();
        await followBus(chat, { id: sent.id, channelId: sent.channelId }, request, live);
      } catch (err) {
        // The rider has the answer; it only will not move. No apology for what they cannot see.
        live.logger.warn({ chatId: chat.chatId, reason: classifyFailure(err, live.redact).reason }, '📍 answer sent but not followed');
      }
    },
  };
}

/** This chat's 🚌 message of the trip, while it is followed. */
async function followedAlready(chat: ChatContext, key: string, live: DiscordLive): Promise<LiveMessage | undefined> {
  const now = live.clock().getTime();
  return (await live.messages.list('discord')).find(
    (m) => m.kind === 'track' && m.chatId === chat.chatId && m.followKey === key && Date.parse(m.until) > now,
  );
}

/** 🚌 sent: stored to be redrawn each round (or, followed already, that message given the new request). */
async function trackFollowed(
  interaction: RepliableInteraction,
  chat: ChatContext,
  reply: Reply,
  already: LiveMessage | undefined,
  live: DiscordLive,
): Promise<void> {
  const follow = reply.follow!;
  try {
    if (already !== undefined) return await live.messages.put({ ...already, request: follow.request });
    const sent = await interaction.fetchReply();
    await live.messages.put({
      id: recordId(chat, sent.id),
      platform: 'discord',
      kind: 'track',
      chatId: chat.chatId,
      chatType: chat.chatType,
      messageId: sent.id,
      channelId: sent.channelId,
      followKey: follow.key,
      ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
      request: follow.request,
      until: follow.until,
    });
  } catch (err) {
    live.logger.warn({ chatId: chat.chatId, reason: classifyFailure(err, live.redact).reason }, '🚌 answer sent but not followed');
  }
}

/**
 * A 🔴 Live press, the board (or /line's picture) already redrawn in place: stored to be kept up to
 * date until its end; pressing again starts the period over. One board and one picture per chat:
 * an earlier one ends at the next round.
 */
export async function keepBoardLive(
  chat: ChatContext,
  sent: SentMessage,
  reply: Reply,
  request: LiveMessage['request'],
  live: DiscordLive,
): Promise<void> {
  const id = recordId(chat, sent.id);
  const now = live.clock().toISOString();
  // Rounds ask the arrivals (or the line) themselves: the live period is the record's, not the request's.
  const rounds = liveRounds(request);
  const others = (await live.messages.list('discord')).filter((m) => m.kind === rounds.kind && m.chatId === chat.chatId && m.id !== id);
  for (const other of others) await live.messages.put({ ...other, until: now });
  await live.messages.put({
    id,
    platform: 'discord',
    kind: rounds.kind,
    chatId: chat.chatId,
    chatType: chat.chatType,
    messageId: sent.id,
    channelId: sent.channelId,
    ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
    request: rounds.request,
    until: reply.liveUntil!,
  });
  // What it shows, for its last edit should the feed be down at its end: the answer without the
  // live command's last line ("updated every 30 s for 10 more min"), which each round writes anew.
  await live.messages.keepShown({ id }, { ...reply, footer: (reply.footer ?? []).slice(0, -1) });
}

/**
 * A message as the REST client sends it: JSON, or with a picture multipart (the PNG as files[0],
 * the JSON as payload_json, `attachments` naming the new file: the picture it replaces goes).
 */
export function restMessage({ files, ...body }: DiscordMessage): RequestData {
  if (files === undefined || files.length === 0) return { body };
  return {
    body: {
      ...body,
      attachments: files.map((file, i) => ({
        id: i,
        filename: file.name,
        ...(file.description !== undefined ? { description: file.description } : {}),
      })),
    },
    files: files.map((file) => ({ name: file.name, data: file.attachment, contentType: 'image/png' })),
  };
}

/**
 * Refusals that mean the message can no longer be edited: deleted (404 10008 Unknown Message),
 * its channel gone (404 10003), the bot removed or its rights taken away (403).
 */
function isGone(err: unknown): boolean {
  return err instanceof DiscordAPIError && (err.status === 403 || err.status === 404);
}

/** Discord refused the edit in a way retrying will not change (a 4xx other than 429 and those of isGone). */
class RefusedForGood extends Error {}

export function discordLiveEditor(rest: REST, redact: Redact, logger: Logger): LiveEditor {
  async function edit(message: LiveMessage, reply: Reply): Promise<'edited' | 'gone'> {
    // A record without a channel has nowhere to be edited (none is written so; a hand-made one).
    if (message.channelId === undefined) return 'gone';
    try {
      await rest.patch(Routes.channelMessage(message.channelId, message.messageId), restMessage(renderReply(reply)));
      return 'edited';
    } catch (err) {
      const { reason } = classifyFailure(err, redact);
      if (isGone(err)) {
        // The updater forgets the message after this: said once, then never tried again.
        logger.info({ live: message.id, reason }, 'discord live message can no longer be edited; no longer updated');
        return 'gone';
      }
      // A 429 past the REST client's own wait: it holds every edit of the updater, not this one only.
      if (err instanceof RateLimitError) throw new EditRateLimited(Number(err.retryAfter), `Discord: ${reason}`);
      // Logged by the updater as a line: Discord's words with the token removed.
      if (err instanceof DiscordAPIError && err.status >= 400 && err.status < 500 && err.status !== 429)
        throw new RefusedForGood(`Discord: ${reason}`);
      throw new Error(`Discord: ${reason}`);
    }
  }
  return {
    platform: 'discord',
    redrawsOnStop: true,
    redraw: (message, reply) => edit(message, reply),
    async move(message, _location, reply) {
      return (await edit(message, reply)) === 'gone' ? 'gone' : 'moved';
    },
    async stop(message, reply) {
      // Without a last answer (the feed down and none kept) the embed keeps what it last showed.
      // A refusal that will not change (a 4xx other than 429) ends it; anything else rejects, and
      // the updater keeps the record to try again.
      if (reply === undefined) return;
      try {
        await edit(message, reply);
      } catch (err) {
        if (err instanceof RefusedForGood) {
          logger.info({ live: message.id }, 'discord live message refused its last edit; no longer updated');
          return;
        }
        throw err;
      }
    },
  };
}
