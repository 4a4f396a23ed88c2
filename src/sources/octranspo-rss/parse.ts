import { XMLParser } from 'fast-xml-parser';
import { decodeHTML } from 'entities';

// OC Transpo's "updates" RSS (detours, cancelled trips, service changes) read into plain items.
// fast-xml-parser with entity processing off (the input is untrusted) and every value a string;
// HTML entities are then decoded by the `entities` library, and descriptions (HTML) turned into
// text: paragraphs and list items become lines, other tags go (the platforms escape the rest).

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

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Description HTML -> text: block ends become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '');
  return decodeHTML(text)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Throws when the text is no RSS at all; items without a title are left out. */
export function parseRss(xml: string): RssItem[] {
  const tree = parser.parse(xml) as { rss?: { channel?: { item?: unknown[] } } };
  const channel = tree.rss?.channel;
  if (channel === undefined || typeof channel !== 'object') throw new Error('not an RSS feed');
  return (channel.item ?? []).flatMap((raw): RssItem[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    const title = decodeHTML(textOf(item.title)).replace(/\s+/g, ' ').trim();
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
