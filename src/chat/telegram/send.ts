import { InputFile, InputMediaBuilder, type Context } from 'grammy';
import type { InlineKeyboardMarkup, InputMediaPhoto } from 'grammy/types';
import type { Reply } from '../../domain/reply.js';
import type { Answering } from '../pipeline.js';
import { htmlMessage, locationKeyboard, MAX_CAPTION_LENGTH } from './render.js';

/**
 * Sends a core Reply as an HTML message (its id returned); in groups it answers the message that
 * asked. A reply with a picture (/line) is a photo (sendPhoto, the PNG uploaded as multipart)
 * with the words as its caption, cut to a caption's 1,024 characters.
 */
export async function sendReply(ctx: Context, reply: Reply): Promise<number> {
  const inGroup = ctx.chat !== undefined && ctx.chat.type !== 'private';
  const askedIn = ctx.msg?.message_id;
  const answering = inGroup && askedIn !== undefined ? { reply_parameters: { message_id: askedIn, allow_sending_without_reply: true } } : {};
  if (reply.image !== undefined) {
    const { text, options } = htmlMessage(reply, MAX_CAPTION_LENGTH);
    const { link_preview_options: _noPreviews, ...photoOptions } = options;
    const sent = await ctx.replyWithPhoto(new InputFile(reply.image.png, reply.image.fileName), { ...photoOptions, caption: text, ...answering });
    return sent.message_id;
  }
  const { text, options } = htmlMessage(reply);
  // Telegram asks for a location by a keyboard button, in private chats only, and never with inline buttons.
  const location = !inGroup && options.reply_markup === undefined ? locationKeyboard(reply) : undefined;
  const sent = await ctx.reply(text, {
    ...options,
    ...(location !== undefined ? { reply_markup: location } : {}),
    ...answering,
  });
  return sent.message_id;
}

/** A message's answer in its chat: the Reply as a message; a rate-limit notice once per window, then silence. */
export function answerInChat(ctx: Context): Answering {
  return {
    refused: async (notice) => {
      if (ctx.chat) await ctx.reply(notice);
    },
    refusedQuietly: () => Promise.resolve(),
    respond: async (reply) => void (await sendReply(ctx, await reply)),
  };
}

/**
 * How a message is redrawn in place with a new answer (Refresh, a live round): a message showing a
 * picture gets the new picture and caption (editMessageMedia, the PNG uploaded as multipart and
 * named "attach://"), or its caption alone when the answer comes without a picture (not drawn, or
 * unchanged); a text message its text (a text message cannot become a photo).
 */
export function inPlaceEdit(reply: Reply, showsPicture: boolean): InPlaceEdit {
  if (!showsPicture) {
    const { text, options } = htmlMessage(reply);
    return { method: 'editMessageText', text, options };
  }
  const { text, options } = htmlMessage(reply, MAX_CAPTION_LENGTH);
  const { link_preview_options: _noPreviews, reply_markup, ...captionOptions } = options;
  const markup = reply_markup !== undefined ? { reply_markup } : {};
  if (reply.image === undefined) return { method: 'editMessageCaption', options: { ...captionOptions, caption: text, ...markup } };
  const media = InputMediaBuilder.photo(new InputFile(reply.image.png, reply.image.fileName), { ...captionOptions, caption: text });
  return { method: 'editMessageMedia', media, options: markup };
}

export type InPlaceEdit =
  | { method: 'editMessageText'; text: string; options: ReturnType<typeof htmlMessage>['options'] }
  | { method: 'editMessageCaption'; options: { parse_mode: 'HTML'; caption: string; reply_markup?: InlineKeyboardMarkup } }
  | { method: 'editMessageMedia'; media: InputMediaPhoto; options: { reply_markup?: InlineKeyboardMarkup } };
