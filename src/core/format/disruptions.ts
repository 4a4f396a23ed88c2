import { createHash } from 'node:crypto';
import { textIn, type Disruption, type DisruptionReading } from '../../domain/disruption.js';
import type { Locale } from '../../domain/locale.js';
import type { ButtonGroup, Reply, ReplyBlock, ReplyButton } from '../../domain/reply.js';
import { DEFAULT_MAX_REPLY_CHARS } from './arrivals.js';
import { messageReply, shorten, type Say } from './text.js';

// Disruptions in riders' words: a few short lines under arrivals (most severe first, a button
// for the list), the list for /disruptions a page at a time (each text cut to its share of the
// message, its whole text one tap away), and one disruption whole (a push, that tap). Text in the
// chat's language when the feed has it (domain/disruption.ts textIn); the platforms escape it as
// they show it.

/** Lines under arrivals: more would push the buses out of sight. */
export const MAX_LINES_UNDER_ARRIVALS = 3;
/** Disruptions on one page of /disruptions: a phone's screen, whatever the platform allows. */
export const DISRUPTIONS_PER_PAGE = 5;
const MAX_LINE_CHARS = 90;
const MAX_HEADING_CHARS = 120;
const MAX_BUTTON_TEXT_CHARS = 28;
/** The least of a description a page shows, however small the message. */
const MIN_SHARE_CHARS = 120;
const MESSAGE_SHARE = 0.85;

/** The headline in the chat's language: the header, else the first words of the description. */
export function headline(d: Disruption, locale: Locale): string {
  return textIn(d.header, locale) ?? textIn(d.description, locale) ?? '';
}

/**
 * What a button carries to name one disruption: ids run long (a UUID, "<feed>:<id>"), Telegram's
 * callback data holds 64 bytes; 12 hex digits of the id's SHA-256 tell thousands apart.
 */
export function disruptionRef(id: string): string {
  return createHash('sha256').update(id).digest('hex').slice(0, 12);
}

const effectWord = (d: Disruption, say: Say) => say(`disruption-effect-${d.effect}`);

/** "Detour: ..." or, in a bot of several agencies, "STO · Detour: ...". */
function headingOf(d: Disruption, locale: Locale, say: Say, max: number): string {
  const words = { effect: effectWord(d, say), text: shorten(headline(d, locale), max) };
  return d.agency !== undefined ? say('disruptions-line-agency', { ...words, agency: d.agency }) : say('disruptions-line', words);
}

/** What a stop's or route's arrivals add: the lines, and the button for the whole list. */
export function disruptionsUnderArrivals(
  reading: DisruptionReading | undefined,
  subject: { stopNo: string; routeNo?: string },
  locale: Locale,
  say: Say,
  /** The stop the disruptions send riders to instead (read-disruptions.ts stopInstead): said under them. */
  instead?: { stop: string; name: string },
): { blocks: ReplyBlock[]; buttons: ButtonGroup[] } {
  if (reading === undefined) return { blocks: [], buttons: [] };
  if (reading.status === 'unavailable') return { blocks: [{ lines: [say('disruptions-unavailable-short')] }], buttons: [] };
  const { disruptions } = reading;
  if (disruptions.length === 0) return { blocks: [], buttons: [] };
  const lines = disruptions
    .slice(0, MAX_LINES_UNDER_ARRIVALS)
    .map((d) => say('disruptions-line', { effect: effectWord(d, say), text: shorten(headline(d, locale), MAX_LINE_CHARS) }));
  const more = disruptions.length - MAX_LINES_UNDER_ARRIVALS;
  if (more > 0) lines.push(say('disruptions-more', { count: more }));
  if (instead !== undefined) lines.push(say('disruptions-use-stop', instead));
  const options: Record<string, string> = subject.routeNo === undefined ? { stop: subject.stopNo } : { stop: subject.stopNo, route: subject.routeNo };
  return {
    blocks: [{ heading: say('disruptions-heading'), lines }],
    buttons: [[{ label: say('button-disruptions', { count: disruptions.length }), command: { name: 'disruptions', options }, effect: 'reply' }]],
  };
}

/** Everything a disruption says beyond its headline: its description's paragraphs, and its link. */
function fullText(d: Disruption, locale: Locale): { paragraphs: string[]; url?: string } {
  const head = headline(d, locale);
  const description = textIn(d.description, locale);
  const paragraphs = (description !== undefined && description !== head ? description.split(/\n+/) : [])
    .map((p) => shorten(p, Number.MAX_SAFE_INTEGER))
    .filter((p) => p !== '');
  const url = textIn(d.url, locale);
  return { paragraphs, ...(url !== undefined ? { url: shorten(url, 300) } : {}) };
}

const linesOf = ({ paragraphs, url }: ReturnType<typeof fullText>) => [...paragraphs, ...(url !== undefined ? [url] : [])];
const charsOf = (lines: readonly string[]) => lines.reduce((n, line) => n + line.length + 1, 0);

export interface DisruptionTextOptions {
  locale: Locale;
  say: Say;
  title: string;
  maxReplyChars?: number;
}

/** One disruption whole, as large as the message allows: a push, or the tap on "📄" in a list. */
export function formatWholeDisruption(d: Disruption, options: DisruptionTextOptions): Reply {
  const { locale, say } = options;
  const budget = Math.floor((options.maxReplyChars ?? DEFAULT_MAX_REPLY_CHARS) * MESSAGE_SHARE) - options.title.length;
  const heading = headingOf(d, locale, say, MAX_HEADING_CHARS);
  const lines: string[] = [];
  let left = budget - heading.length - 1;
  for (const line of linesOf(fullText(d, locale))) {
    if (left < MIN_SHARE_CHARS / 2) break;
    const kept = shorten(line, left);
    lines.push(kept);
    left -= kept.length + 1;
  }
  return { title: options.title, blocks: [{ heading, lines }], kind: 'answer' };
}

/** Which disruptions a list shows, for its page buttons: at a stop, on a route, or all. */
export interface DisruptionScope {
  stop?: string;
  route?: string;
}

export interface DisruptionListOptions extends DisruptionTextOptions {
  /** What to say when nothing is active. */
  noneId: string;
  noneArgs?: Record<string, string>;
  scope: DisruptionScope;
  /** 1 for the first; past the last page reads as the last. */
  page?: number;
}

/** One disruption on a page: its heading, its text cut to its share, and whether the whole is one tap away. */
function pageBlock(d: Disruption, locale: Locale, say: Say, share: number): { block: ReplyBlock; cut: boolean } {
  const heading = headingOf(d, locale, say, MAX_HEADING_CHARS);
  const text = fullText(d, locale);
  const room = Math.max(MIN_SHARE_CHARS, share - heading.length);
  if (charsOf(linesOf(text)) <= room) return { block: { heading, lines: linesOf(text) }, cut: false };
  // The description as one paragraph, cut at its share; the link goes with the whole text.
  const description = text.paragraphs.join(' ');
  return { block: { heading, lines: description === '' ? [] : [shorten(description, room)] }, cut: true };
}

/** /disruptions: one page of those active, most severe first, with buttons to the others and to each whole text. */
export function formatDisruptions(reading: DisruptionReading, options: DisruptionListOptions): Reply {
  const { say, locale } = options;
  if (reading.status === 'unavailable') return messageReply('failure', say('disruptions-unavailable'), options.title);
  const all = reading.disruptions;
  if (all.length === 0) return messageReply('answer', say(options.noneId, options.noneArgs), options.title);
  const pages = Math.ceil(all.length / DISRUPTIONS_PER_PAGE);
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const shown = all.slice((page - 1) * DISRUPTIONS_PER_PAGE, page * DISRUPTIONS_PER_PAGE);
  const budget = Math.floor((options.maxReplyChars ?? DEFAULT_MAX_REPLY_CHARS) * MESSAGE_SHARE) - options.title.length;
  const share = Math.floor(budget / DISRUPTIONS_PER_PAGE);

  const blocks: ReplyBlock[] = [];
  const full: ReplyButton[] = [];
  for (const d of shown) {
    const { block, cut } = pageBlock(d, locale, say, share);
    blocks.push(block);
    if (cut) full.push(fullTextButton(d, locale, say));
  }
  if (pages > 1) blocks.push({ lines: [say('disruptions-page', { page, pages, count: all.length })] });
  const pager = pagerButtons(options.scope, page, pages, say);
  const buttons = [...(full.length > 0 ? [full] : []), ...(pager.length > 0 ? [pager] : [])];
  const footer = reading.incomplete === true ? [say('disruptions-incomplete')] : [];
  return { title: options.title, blocks, ...(footer.length > 0 ? { footer } : {}), ...(buttons.length > 0 ? { buttons } : {}), kind: 'answer' };
}

function fullTextButton(d: Disruption, locale: Locale, say: Say): ReplyButton {
  return {
    label: say('button-disruption-full', { text: shorten(headline(d, locale), MAX_BUTTON_TEXT_CHARS) }),
    command: { name: 'disruption', options: { item: disruptionRef(d.id) } },
    effect: 'reply',
  };
}

/** ◀ and ▶ redraw the list in place, on the page before or after. */
function pagerButtons(scope: DisruptionScope, page: number, pages: number, say: Say): ReplyButton[] {
  const to = (target: number, label: string): ReplyButton => ({
    label,
    command: {
      name: 'disruptionspage',
      options: {
        page: String(target),
        ...(scope.stop !== undefined ? { stop: scope.stop } : {}),
        ...(scope.route !== undefined ? { route: scope.route } : {}),
      },
    },
    effect: 'update',
  });
  return [...(page > 1 ? [to(page - 1, say('button-page-previous'))] : []), ...(page < pages ? [to(page + 1, say('button-page-next'))] : [])];
}
