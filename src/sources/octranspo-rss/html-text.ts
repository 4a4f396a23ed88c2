import { decodeHTML } from 'entities';

// An RSS description's HTML -> the text riders read, in one pass over it: block ends become line
// breaks, list items bullets, scripts, styles and comments go with their content, other tags go;
// entities are then decoded by the `entities` library. Regular expressions did this before, and
// `/<[^>]*>/g` searched to the end of the text again for every "<" never closed: 64 kB of them held
// the event loop 6.7 s. Here each character is looked at a bounded number of times, and the text is
// cut past MAX_DESCRIPTION_CHARS (the longest real description is under 9,000 characters of HTML),
// so that a 4 MiB description costs what reading it once does. No HTML parser among the project's
// dependencies; the descriptions are a CMS's simple HTML, for which this is enough.

/** Characters of text a description keeps; a longer one ends with "…". */
export const MAX_DESCRIPTION_CHARS = 16_384;
/** Raw text gathered before the scan stops: room for the entities and runs of spaces that shrink. */
const MAX_GATHERED = 4 * MAX_DESCRIPTION_CHARS;

const LINE_ENDS = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style']);

type Tag = { kind: 'tag'; name: string; closing: boolean; end: number } | { kind: 'comment'; end: number } | { kind: 'text' } | { kind: 'unclosed' };

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isNameChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57);
const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';

/** What the "<" at `at` opens; `end` is the index of its closing ">" (or the comment's last "-"). */
function tagAt(html: string, at: number): Tag {
  let i = at + 1;
  if (html.startsWith('!--', i)) {
    const close = html.indexOf('-->', i + 3);
    return close === -1 ? { kind: 'unclosed' } : { kind: 'comment', end: close + 2 };
  }
  if (html[i] === '!' || html[i] === '?') {
    const close = html.indexOf('>', i);
    return close === -1 ? { kind: 'unclosed' } : { kind: 'comment', end: close };
  }
  const closing = html[i] === '/';
  if (closing) i += 1;
  // "a < b", "<3": as HTML reads them, a "<" not followed by a letter is text.
  if (!isLetter(html.charCodeAt(i))) return { kind: 'text' };
  const nameStart = i;
  while (isNameChar(html.charCodeAt(i))) i += 1;
  const name = html.slice(nameStart, i).toLowerCase();
  // Attributes: a quoted value may hold ">" (title="a > b").
  while (i < html.length) {
    const ch = html[i];
    if (ch === '>') return { kind: 'tag', name, closing, end: i };
    i += 1;
    if (ch !== '=') continue;
    while (isSpace(html[i])) i += 1;
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      if (close === -1) return { kind: 'unclosed' };
      i = close + 1;
    }
  }
  return { kind: 'unclosed' };
}

/** Where the content of a <script> or <style> opened before `from` ends: past its closing tag, or -1. */
function endOfContent(html: string, name: string, from: number): number {
  const closing = new RegExp(`</${name}(?![a-z0-9])`, 'gi');
  closing.lastIndex = from;
  const found = closing.exec(html);
  if (found === null) return -1;
  const close = html.indexOf('>', found.index);
  return close === -1 ? -1 : close + 1;
}

/** The text of the HTML with "\n" at line ends and "• " before list items; entities still encoded. */
function gather(html: string): { text: string; cut: boolean } {
  const parts: string[] = [];
  let length = 0;
  const add = (part: string) => {
    parts.push(part);
    length += part.length;
  };
  let i = 0;
  while (i < html.length) {
    if (length > MAX_GATHERED) return { text: parts.join(''), cut: true };
    const open = html.indexOf('<', i);
    if (open === -1) {
      add(html.slice(i));
      break;
    }
    add(html.slice(i, open));
    const tag = tagAt(html, open);
    // A tag the text ends in is no text (as browsers read it): the rest goes.
    if (tag.kind === 'unclosed') break;
    if (tag.kind === 'text') {
      add('<');
      i = open + 1;
      continue;
    }
    i = tag.end + 1;
    if (tag.kind === 'comment') continue;
    if (!tag.closing && DROPPED_WITH_CONTENT.has(tag.name)) {
      i = endOfContent(html, tag.name, i);
      if (i === -1) break;
    } else if (tag.name === 'br' || (tag.closing && LINE_ENDS.has(tag.name))) {
      add('\n');
    } else if (!tag.closing && tag.name === 'li') {
      add('• ');
    }
  }
  return { text: parts.join(''), cut: false };
}

/** Description HTML -> text, one paragraph a line, at most MAX_DESCRIPTION_CHARS (then "…"). */
export function htmlToText(html: string): string {
  const gathered = gather(html);
  const text = decodeHTML(gathered.text)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  // A scan stopped early says so even when the spaces it gathered shrank to little.
  return cutText(gathered.cut ? `${text}…` : text, MAX_DESCRIPTION_CHARS);
}

/** The text if it has at most `max` characters, else its start and "…", `max` in all; a surrogate pair is never split. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // A low surrogate at the cut would be half a letter (an emoji, a CJK extension character).
  const code = text.charCodeAt(end);
  if (code >= 0xdc00 && code <= 0xdfff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
