import { GrammyError, type Api, type Context } from 'grammy';
import type { Clock } from '../../domain/clock.js';
import type { Reply } from '../../domain/reply.js';
import type { LiveMessage, LiveMessagesRepository } from '../../domain/store-ports.js';
import { liveRounds, type ChatContext } from '../../core/index.js';
import { EditRateLimited, type LiveEditor } from '../../domain/live-editor.js';
import { attempt } from '../../util/attempt.js';
import { isMessageNotModified } from './send-failures.js';
import { describeError } from './describe-error.js';
import type { Redactor } from '../../util/redact.js';
import { inPlaceEdit, sendReply } from './send.js';
import { htmlMessage } from './render.js';

// "Where is it" on Telegram: a live location (sendLocation with live_period and heading) that
// the live updater moves with editMessageLiveLocation as new fixes come, and stops with
// stopMessageLiveLocation once the bus has passed the stop or the period ends; the facts go with
// it as a short text.

/** How long a pin follows the bus: Telegram accepts 60 to 86,400 s; a ride to the stop is shorter than this. */
export const LIVE_PERIOD_SECONDS = 15 * 60;

export interface LiveLocations {
  messages: LiveMessagesRepository;
  clock: Clock;
  periodSeconds?: number;
}

/** A 📍 answer with a fresh fix: the pin, then the facts; the pin is stored to be followed. */
export async function sendLiveLocation(
  ctx: Context,
  chat: ChatContext,
  reply: Reply,
  request: LiveMessage['request'],
  live: LiveLocations,
): Promise<void> {
  const location = reply.location!;
  const period = live.periodSeconds ?? LIVE_PERIOD_SECONDS;
  const sent = await ctx.replyWithLocation(location.lat, location.lon, {
    live_period: period,
    ...(location.bearing !== undefined ? { heading: Math.max(1, Math.min(360, Math.round(location.bearing) || 360)) } : {}),
  });
  const card = await sendReply(ctx, reply);
  await live.messages.put({
    id: `telegram.${chat.chatId}.${sent.message_id}`,
    platform: 'telegram',
    chatId: chat.chatId,
    chatType: chat.chatType,
    messageId: String(sent.message_id),
    cardId: String(card),
    ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
    request,
    until: new Date(live.clock().getTime() + period * 1000).toISOString(),
  });
}

/**
 * A 🔴 Live press: the board (or /line's picture) is redrawn in place (by the caller) and stored to
 * be kept up to date until its end; pressing again starts the period over. One board and one
 * picture per chat: an earlier one of the chat ends at the next round (it then says it stopped).
 */
export async function keepBoardLive(
  chat: ChatContext,
  messageId: number,
  reply: Reply,
  request: LiveMessage['request'],
  live: LiveLocations,
): Promise<void> {
  const id = `telegram.${chat.chatId}.${messageId}`;
  const now = live.clock().toISOString();
  // Rounds ask the arrivals (or the line) themselves: the live period is the record's, not the request's.
  const rounds = liveRounds(request);
  const others = (await live.messages.list('telegram')).filter((m) => m.kind === rounds.kind && m.chatId === chat.chatId && m.id !== id);
  for (const other of others) await live.messages.put({ ...other, until: now });
  await live.messages.put({
    id,
    platform: 'telegram',
    kind: rounds.kind,
    chatId: chat.chatId,
    chatType: chat.chatType,
    messageId: String(messageId),
    ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
    request: rounds.request,
    until: reply.liveUntil!,
  });
  // What it shows, for its last edit should the feed be down at its end: the answer without the
  // live command's last line ("updated every 30 s for 10 more min"), which each round writes anew.
  await live.messages.keepShown({ id }, { ...reply, footer: (reply.footer ?? []).slice(0, -1) });
}

/** Telegram's refusals that mean the pin can no longer be moved: deleted, stopped by the rider, expired. */
function isGone(err: unknown): boolean {
  if (!attempt(() => err instanceof GrammyError, false)) return false;
  const e = err as GrammyError;
  const description = attempt(() => String(e.description), '');
  return e.error_code === 403 || (e.error_code === 400 && /not found|can't be edited|expired|live location/i.test(description));
}

/** A refusal retrying will not change (a 4xx other than 429): a stop refused so is given up. */
function isRefusedForGood(err: unknown): boolean {
  if (!attempt(() => err instanceof GrammyError, false)) return false;
  const code = attempt(() => (err as GrammyError).error_code, 0);
  return code >= 400 && code < 500 && code !== 429;
}

/**
 * A failure as the updater may log it: Telegram's words, never the request's URL (it holds the
 * token); a 429 as EditRateLimited, so that its retry_after holds every edit, not only this one.
 */
function failure(err: unknown, redact: Redactor): Error {
  const line = `Telegram: ${JSON.stringify(describeError(err, redact))}`;
  if (!attempt(() => err instanceof GrammyError && err.error_code === 429, false)) return new Error(line);
  // Without a retry_after (a proxy's 429), a second; NaN is held to a second by the budget too.
  const retryAfter = attempt(() => Number((err as GrammyError).parameters?.retry_after ?? 1), 1);
  return new EditRateLimited(retryAfter * 1000, line);
}

/**
 * The live updater's editor. `api` must not retry by itself (no auto-retry, no transient retries):
 * each request is one the updater counted in its budget, and a 429 comes back to it.
 */
export function telegramLiveEditor(api: Api, redact: Redactor): LiveEditor {
  return {
    platform: 'telegram',
    async redraw(message, reply) {
      // A picture's new PNG and caption (multipart editMessageMedia), or its caption alone; a board's text.
      const edit = inPlaceEdit(reply, message.kind === 'picture');
      const [chatId, messageId] = [message.chatId, Number(message.messageId)];
      try {
        if (edit.method === 'editMessageText') await api.editMessageText(chatId, messageId, edit.text, edit.options);
        else if (edit.method === 'editMessageCaption') await api.editMessageCaption(chatId, messageId, edit.options);
        else await api.editMessageMedia(chatId, messageId, edit.media, edit.options);
        return 'edited';
      } catch (err) {
        if (isMessageNotModified(err)) return 'edited';
        if (isGone(err)) return 'gone';
        throw failure(err, redact);
      }
    },
    async move(message, location) {
      try {
        await api.editMessageLiveLocation(message.chatId, Number(message.messageId), location.lat, location.lon, {
          ...(location.bearing !== undefined ? { heading: Math.max(1, Math.min(360, Math.round(location.bearing) || 360)) } : {}),
        });
        return 'moved';
      } catch (err) {
        if (isMessageNotModified(err)) return 'moved';
        if (isGone(err)) return 'gone';
        throw failure(err, redact);
      }
    },
    async stop(message, reply) {
      try {
        await api.stopMessageLiveLocation(message.chatId, Number(message.messageId));
      } catch (err) {
        // Already stopped (the period ran out, the rider stopped it, the message was deleted), or
        // refused for good: nothing more to try. A 429, a 5xx or the network: tried again next round.
        if (!isGone(err) && !isMessageNotModified(err) && !isRefusedForGood(err)) throw failure(err, redact);
      }
      // The facts beside the pin say it is no longer followed (the bus passed), not as if it still were.
      if (reply === undefined || message.cardId === undefined) return;
      const { text, options } = htmlMessage(reply);
      try {
        await api.editMessageText(message.chatId, Number(message.cardId), text, options);
      } catch (err) {
        if (!isGone(err) && !isMessageNotModified(err)) throw failure(err, redact);
      }
    },
  };
}

/** Telegram's "until stopped" live period: a 🚌 pin follows the whole trip, and the bot stops it itself. */
export const LIVE_PERIOD_UNTIL_STOPPED = 0x7fffffff;

/**
 * A 🚌 track: the message sent (and beside it a pin that follows the bus for as long as the track
 * lasts, when there is a fresh fix), stored to be redrawn each round. One per chat and trip: the
 * same trip asked again takes the new request (a stop to get off at) into the message already
 * kept, and the rider is pointed to it instead of a second one.
 */
export async function sendTrack(ctx: Context, chat: ChatContext, reply: Reply, live: LiveLocations): Promise<void> {
  const follow = reply.follow!;
  const existing = (await live.messages.list('telegram')).find(
    (m) => m.kind === 'track' && m.chatId === chat.chatId && m.followKey === follow.key && Date.parse(m.until) > live.clock().getTime(),
  );
  if (existing !== undefined) {
    await live.messages.put({ ...existing, request: follow.request });
    const { text, options } = htmlMessage({ kind: 'answer', blocks: [{ lines: [follow.already] }] });
    await ctx.reply(text, { ...options, reply_parameters: { message_id: Number(existing.messageId), allow_sending_without_reply: true } });
    return;
  }
  const sent = await sendReply(ctx, reply);
  const location = reply.location;
  const pin =
    location !== undefined
      ? await ctx.replyWithLocation(location.lat, location.lon, {
          live_period: LIVE_PERIOD_UNTIL_STOPPED,
          ...(location.bearing !== undefined ? { heading: Math.max(1, Math.min(360, Math.round(location.bearing) || 360)) } : {}),
        })
      : undefined;
  await live.messages.put({
    id: `telegram.${chat.chatId}.${sent}`,
    platform: 'telegram',
    kind: 'track',
    chatId: chat.chatId,
    chatType: chat.chatType,
    messageId: String(sent),
    ...(pin !== undefined ? { pinId: String(pin.message_id) } : {}),
    followKey: follow.key,
    ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
    request: follow.request,
    until: follow.until,
  });
}
