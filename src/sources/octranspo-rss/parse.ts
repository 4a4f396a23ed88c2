import { XMLParser } from 'fast-xml-parser';
import { decodeHTML } from 'entities';
import { cutText, htmlToText } from './html-text.js';

// OC Transpo's "updates" RSS (detours, cancelled trips, service changes) read into plain items.
// fast-xml-parser with entity processing off (the input is untrusted) and every value a string;
// HTML entities are then decoded by the `entities` library, and descriptions (HTML) turned into
// text, bounded in length (html-text.ts: paragraphs and list items become lines, other tags go;
// the platforms escape the rest).

export interface RssItem {
  title: string;
  /** The item's guid, else its link. */
  id: string;
  link?: string;
  /** POSIX seconds; undefined when the date cannot be read. */
  published?: number;
  /** Trimmed ("Detours", "affectedRoutes-11, 57"), empty ones left out. */
  categories: string[];
  /** As text, one paragraph a line. */
  description: string;
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: true,
  trimValues: true,
  isArray: (name) => name === 'item' || name === 'category',
});

/** Characters of a title kept (the longest real one has 124); a longer one ends with "…". */
const MAX_TITLE_CHARS = 1_000;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Throws when the text is no RSS at all; items without a title are left out. */
export function parseRss(xml: string): RssItem[] {
  const tree = parser.parse(xml) as { rss?: { channel?: { item?: unknown[] } } };
  const channel = tree.rss?.channel;
  if (channel === undefined || typeof channel !== 'object') throw new Error('not an RSS feed');
  return (channel.item ?? []).flatMap((raw): RssItem[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    const title = cutText(decodeHTML(textOf(item.title)).replace(/\s+/g, ' ').trim(), MAX_TITLE_CHARS);
    if (title === '') return [];
    const link = textOf(item.link).trim();
    const id = textOf(item.guid).trim() || link || title;
    const published = Date.parse(textOf(item.pubDate));
    const categories = (Array.isArray(item.category) ? item.category : []).map((c) => decodeHTML(textOf(c)).trim()).filter((c) => c !== '');
    return [
      {
        title,
        id,
        ...(link !== '' ? { link } : {}),
        ...(Number.isFinite(published) ? { published: Math.floor(published / 1000) } : {}),
        categories,
        description: htmlToText(textOf(item.description)),
      },
    ];
  });
}
