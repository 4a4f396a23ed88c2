import type { InlineKeyboardButton, InlineKeyboardMarkup, ReplyKeyboardMarkup } from 'grammy/types';
import type { Reply, ReplyLink } from '../../domain/reply.js';
import { escapeMarkup } from '../../util/escape.js';
import { layoutButtons, type ButtonLimits } from '../button-layout.js';
import { encodeButton } from './callback-data.js';

/** Telegram's limit on a message's text (after entities are parsed). */
export const MAX_MESSAGE_LENGTH = 4096;
/** Telegram's limit on a photo's caption. */
export const MAX_CAPTION_LENGTH = 1024;

// Telegram allows 100 buttons; a phone row shows about 40 characters of labels, split evenly.
const BUTTON_LIMITS: ButtonLimits = { perRow: 4, maxRows: 12, rowChars: 40 };

export interface RenderedMessage {
  text: string;
  reply_markup?: InlineKeyboardMarkup;
}

/**
 * A neutral Reply as a Telegram HTML message: title and block headings bold, footer italic,
 * every string escaped (upstream text may hold &, < or >). Pure, so the exact output is testable.
 * Lines that would overflow Telegram's 4,096 characters are dropped (an ellipsis marks the cut)
 * rather than failing the send.
 */
export function renderReply(reply: Reply, maxLength: number = MAX_MESSAGE_LENGTH): RenderedMessage {
  const sections: string[][] = [];
  if (reply.title) sections.push([`<b>${escapeMarkup(reply.title)}</b>`]);
  for (const block of reply.blocks) {
    const lines = block.lines.map(escapeMarkup);
    if (block.heading) lines.unshift(`<b>${escapeMarkup(block.heading)}</b>`);
    if (lines.length > 0) sections.push(lines);
  }
  if (reply.footer && reply.footer.length > 0) sections.push(reply.footer.map((line) => `<i>${escapeMarkup(line)}</i>`));

  const keyboard = layoutButtons(reply.buttons, BUTTON_LIMITS)
    .map((row) =>
      row.flatMap((button): InlineKeyboardButton[] => {
        const data = encodeButton(button);
        return data === undefined ? [] : [{ text: button.label, callback_data: data }];
      }),
    )
    .filter((row) => row.length > 0);
  const links = (reply.links ?? []).map((link) => linkButton(link));
  if (links.length > 0) keyboard.push(links);

  return {
    text: fitLength(sections, maxLength),
    ...(keyboard.length > 0 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
  };
}

/**
 * A page's button: a Mini App (web_app) where Telegram opens one, which is in a private chat and
 * over https only (a group refuses the whole message otherwise); a link button anywhere else.
 */
function linkButton(link: ReplyLink): InlineKeyboardButton {
  return link.inChat === true && link.url.startsWith('https://')
    ? { text: link.label, web_app: { url: link.url } }
    : { text: link.label, url: link.url };
}

/** A one-time keyboard whose button shares the rider's location, when the reply asks for it. */
export function locationKeyboard(reply: Reply): ReplyKeyboardMarkup | undefined {
  if (reply.asksLocation === undefined) return undefined;
  return { keyboard: [[{ text: reply.asksLocation.label, request_location: true }]], resize_keyboard: true, one_time_keyboard: true };
}

/** What every rendered reply is sent or edited with: HTML, no link previews, its buttons if any. */
export function htmlMessage(reply: Reply, maxLength: number = MAX_MESSAGE_LENGTH) {
  const { text, reply_markup } = renderReply(reply, maxLength);
  return {
    text,
    options: { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true }, ...(reply_markup ? { reply_markup } : {}) },
  };
}

function fitLength(sections: string[][], maxLength: number): string {
  const join = (s: string[][]) => s.map((lines) => lines.join('\n')).join('\n\n');
  let text = join(sections);
  if (visibleLength(text) <= maxLength) return text;
  // Drop whole lines from the end (never half a tag), keeping room for the ellipsis.
  const kept = sections.map((lines) => [...lines]);
  while (kept.length > 0 && visibleLength(text) > maxLength - 2) {
    const last = kept[kept.length - 1]!;
    last.pop();
    if (last.length === 0) kept.pop();
    text = join(kept);
  }
  return `${text}\n…`;
}

/** What Telegram counts: the text without tags, entities as one character each. */
function visibleLength(html: string): number {
  return html.replace(/<\/?[bi]>/g, '').replace(/&(amp|lt|gt);/g, '_').length;
}

/** The reply as unformatted text, for places without HTML (button toasts allow 200 characters). */
export function plainText(reply: Reply, maxLength: number): string {
  const lines = [reply.title, ...reply.blocks.flatMap((b) => [b.heading, ...b.lines])].filter((l): l is string => !!l);
  const text = lines.join('\n');
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}
