import { Composer, type Context } from 'grammy';
import { displayStop } from '../../../domain/identifiers.js';
import type { InlineQueryResultArticle } from 'grammy/types';
import type { ChatContext } from '../../../core/index.js';
import type { Reply } from '../../../domain/reply.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { escapeMarkup } from '../../../util/escape.js';
import { plainText, renderReply } from '../render.js';
import { encodeButton } from '../callback-data.js';

// "@bot 3017 95" in any chat: the arrivals as a message to send there. Arrivals change by the
// minute, so results are cached briefly; they depend on the user's language, so personally.
// Telegram sends a query per keystroke: only a whole stop identifier (as the transit source
// reads it) asks the transit service, so typing "3017" costs one request of the rider's
// allowance, not four.
const ANSWER_CACHE_SECONDS = 10;
const HINT_CACHE_SECONDS = 300;
const NAME_RESULTS = 5;

export function inlineMode(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('inline_query', async (ctx) => {
    const chat = chatContextOf(ctx);
    if (!chat) return;
    // Read as a private chat reads bare text: "3017 95" asks for arrivals.
    const parsed = deps.core.parse(ctx.inlineQuery.query, { ...chat, chatType: 'private' });
    const request = parsed?.ok && parsed.request.name === 'next' ? parsed.request : undefined;
    if (!request) return answerByName(ctx, chat, deps);
    await deps.pipeline.answer({ request }, chat, {
      // Results are redrawn with every keystroke: the notice stays for as long as it applies.
      refused: (text) => ctx.answerInlineQuery([], { cache_time: 0, is_personal: true, button: { text, start_parameter: 'help' } }),
      respond: async (pending) => {
        const reply = await pending;
        // Words that name no saved stop and no one stop ("laurier") are listed by name, each
        // result its own article; one stop found ("baseline") is answered as a saved name is.
        const words = !deps.core.identifiers.readStop(request.options.stop ?? '').ok;
        const unsavedName = words && (reply.kind === 'usage-error' || isStopChoice(reply));
        if (unsavedName) await answerByName(ctx, chat, deps);
        else await answerArrivals(ctx, request.options, reply, chat, deps);
      },
    });
  });
  return composer;
}

/** The core's "which stop?" for words that several stops' names hold: buttons only, each a /next of one stop. */
function isStopChoice(reply: Reply): boolean {
  const buttons = reply.buttons?.flat() ?? [];
  return reply.footer === undefined && buttons.length > 1 && buttons.every((b) => b.command.name === 'next' && b.command.options.route === undefined);
}

/** The arrivals as an article to send; an unknown stop or an outage says so, rather than a hint that the query was wrong. */
async function answerArrivals(
  ctx: Context,
  options: Readonly<Record<string, string>>,
  reply: Reply,
  chat: ChatContext,
  deps: FeatureDeps,
): Promise<void> {
  const key = `${options.stop ?? ''}:${options.route ?? ''}`;
  if (reply.kind === 'answer') {
    await ctx.answerInlineQuery([article(`a:${key}`, reply, reply.title ?? key)], { cache_time: ANSWER_CACHE_SECONDS, is_personal: true });
    return;
  }
  const title = plainText(reply, 100).split('\n')[0]!;
  const problem = article(`e:${key}`, reply, title, deps.core.t(await deps.core.localeOf(chat), 'inline-usage-description'));
  await ctx.answerInlineQuery([problem], { cache_time: 0, is_personal: true });
}

/** Stops whose name matches the query, or how to ask when none does. */
async function answerByName(ctx: Context, chat: ChatContext, deps: FeatureDeps): Promise<void> {
  const byName = await stopsByName(ctx.inlineQuery?.query ?? '', chat, deps);
  const results = byName.length > 0 ? byName : [await usageHint(chat, deps)];
  await ctx.answerInlineQuery(results, { cache_time: HINT_CACHE_SECONDS, is_personal: true });
}

function article(id: string, reply: Reply, title: string, description?: string): InlineQueryResultArticle {
  const { text, reply_markup } = renderReply(reply);
  const summary = description ?? plainText({ ...reply, title: undefined }, 120);
  return {
    type: 'article',
    id,
    title,
    ...(summary ? { description: summary } : {}),
    input_message_content: { message_text: text, parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
    ...(reply_markup ? { reply_markup } : {}),
  };
}

/** For an empty or unreadable query: how to ask, and /help as the message if it is chosen anyway. */
async function usageHint(chat: ChatContext, deps: FeatureDeps): Promise<InlineQueryResultArticle> {
  const locale = await deps.core.localeOf(chat);
  const help = await deps.core.run({ name: 'help', options: {} }, chat);
  return article('usage', help, deps.core.t(locale, 'inline-usage-title'), deps.core.t(locale, 'inline-usage-description'));
}

/**
 * "@bot laurier": stops whose name matches, from the offline index (no transit call per result).
 * The message sent is the stop's name with one button; a tap puts the arrivals in its place.
 */
async function stopsByName(query: string, chat: ChatContext, deps: FeatureDeps): Promise<InlineQueryResultArticle[]> {
  if (!deps.stops || query.trim().length < 3) return [];
  const locale = await deps.core.localeOf(chat);
  return deps.stops.search(query, NAME_RESULTS).flatMap((stop): InlineQueryResultArticle[] => {
    const data = encodeButton({ effect: 'reply', command: { name: 'next', options: { stop: stop.code } } });
    if (data === undefined) return [];
    const label = deps.core.t(locale, 'button-stop', { stopNo: stop.code, name: stop.name });
    // As riders read it: with several agencies, the agency's name before the code.
    const shown = displayStop(deps.core.identifiers, stop.code);
    return [
      {
        type: 'article',
        id: `s:${stop.code}`,
        title: `${shown} ${stop.name}`,
        input_message_content: { message_text: `<b>${escapeMarkup(stop.name)} (${escapeMarkup(shown)})</b>`, parse_mode: 'HTML' },
        reply_markup: { inline_keyboard: [[{ text: label, callback_data: data }]] },
      },
    ];
  });
}
