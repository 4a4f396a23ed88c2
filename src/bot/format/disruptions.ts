import { textIn, type Disruption, type DisruptionReading } from '../../domain/disruption.js';
import type { Locale } from '../../domain/locale.js';
import type { ButtonGroup, Reply, ReplyBlock } from '../../domain/reply.js';
import { DEFAULT_MAX_REPLY_CHARS } from './arrivals.js';
import { messageReply, shorten, type Say } from './text.js';

// Disruptions in riders' words: a few short lines under arrivals (most severe first, a button
// for the whole text), and the whole text for /disruptions. Text in the chat's language when the
// feed has it (domain/disruption.ts textIn); the platforms escape it as they show it.

/** Lines under arrivals: more would push the buses out of sight. */
export const MAX_LINES_UNDER_ARRIVALS = 3;
const MAX_LINE_CHARS = 90;
const MAX_HEADING_CHARS = 120;

/** The headline in the chat's language: the header, else the first words of the description. */
export function headline(d: Disruption, locale: Locale): string {
  return textIn(d.header, locale) ?? textIn(d.description, locale) ?? '';
}

const effectWord = (d: Disruption, say: Say) => say(`disruption-effect-${d.effect}`);

/** What a stop's or route's arrivals add: the lines, and the button for the whole text. */
export function disruptionsUnderArrivals(
  reading: DisruptionReading | undefined,
  subject: { stopNo: string; routeNo?: string },
  locale: Locale,
  say: Say,
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
  const options: Record<string, string> = subject.routeNo === undefined ? { stop: subject.stopNo } : { stop: subject.stopNo, route: subject.routeNo };
  return {
    blocks: [{ heading: say('disruptions-heading'), lines }],
    buttons: [[{ label: say('button-disruptions', { count: disruptions.length }), command: { name: 'disruptions', options }, effect: 'reply' }]],
  };
}

/** One disruption, whole: its headline, its description's paragraphs, its link. */
function wholeBlock(d: Disruption, locale: Locale, say: Say, maxChars: number): ReplyBlock {
  const head = headline(d, locale);
  const description = textIn(d.description, locale);
  const paragraphs = (description !== undefined && description !== head ? description.split(/\n+/) : [])
    .map((p) => shorten(p, maxChars))
    .filter((p) => p !== '');
  const url = textIn(d.url, locale);
  return {
    heading: say('disruptions-line', { effect: effectWord(d, say), text: shorten(head, MAX_HEADING_CHARS) }),
    lines: [...paragraphs, ...(url !== undefined ? [shorten(url, 300)] : [])],
  };
}

const charsOf = (block: ReplyBlock) => [block.heading ?? '', ...block.lines].reduce((n, line) => n + line.length + 1, 0);

export interface WholeTextOptions {
  locale: Locale;
  say: Say;
  title: string;
  /** What to say when nothing is active. */
  noneId: string;
  noneArgs?: Record<string, string>;
  maxReplyChars?: number;
}

/** /disruptions: each active one whole, most severe first, as many as the message holds. */
export function formatDisruptions(reading: DisruptionReading, options: WholeTextOptions): Reply {
  const { say, locale } = options;
  if (reading.status === 'unavailable') return messageReply('failure', say('disruptions-unavailable'), options.title);
  if (reading.disruptions.length === 0) return messageReply('answer', say(options.noneId, options.noneArgs), options.title);
  const budget = Math.floor((options.maxReplyChars ?? DEFAULT_MAX_REPLY_CHARS) * 0.85);
  const blocks: ReplyBlock[] = [];
  let used = options.title.length;
  for (const d of reading.disruptions) {
    // The first one is shown even if long (cut to fit); later ones only whole.
    const block = wholeBlock(d, locale, say, blocks.length === 0 ? Math.max(200, budget - used - 200) : 1_000);
    if (blocks.length > 0 && used + charsOf(block) > budget) break;
    blocks.push(block);
    used += charsOf(block);
  }
  const left = reading.disruptions.length - blocks.length;
  if (left > 0) blocks.push({ lines: [say('disruptions-more', { count: left })] });
  const footer = reading.incomplete === true ? [say('disruptions-incomplete')] : [];
  return { title: options.title, blocks, ...(footer.length > 0 ? { footer } : {}), kind: 'answer' };
}
