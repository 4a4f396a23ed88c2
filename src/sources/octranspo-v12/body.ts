import { XMLParser } from 'fast-xml-parser';
import type { ResponseFormat } from './options.js';
import { describeThrown, excerpt, parseFailure } from './fail.js';
import { scrubTree } from './tree-scrub.js';

// Response text -> loose tree (see tree.ts). Everything about the raw bytes' trustworthiness is
// decided here: no DOCTYPE, no entity expansion, no truncated document, no HTML or plain text.

// One instance per configuration: building a parser per call costs more than parsing a small body.
// parseTagValue off keeps "0867" a string; processEntities off leaves references for tree.text().
// jPath off: with it on (the default) the parser renders the current path as a string for every
// text node, a third of its time in our profile, for callbacks we do not use (1.5-2x faster).
const elementsOnly = new XMLParser({ parseTagValue: false, processEntities: false, ignoreDeclaration: true, ignorePiTags: true, jPath: false });
const withAttributes = new XMLParser({
  parseTagValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  jPath: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
});

export interface TreeOptions {
  /** Keep XML attributes (as "@name"); only the Gtfs records need them. */
  attributes?: boolean;
  /** Run over every decoded text and key of the tree before anything reads it (the client's key scrub). */
  clean?: (text: string) => string;
}

export function bodyToTree(body: string, format: ResponseFormat, options: TreeOptions = {}): unknown {
  const start = firstSignificant(body);
  if (start === -1) throw parseFailure('empty body');
  const tree = format === 'json' ? jsonTree(body, start) : xmlTree(body, start, options);
  return options.clean ? scrubTree(tree, options.clean) : tree;
}

/** Index of the first character that is not whitespace or a byte-order mark, or -1. */
function firstSignificant(body: string): number {
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xfeff) return i;
  }
  return -1;
}

function jsonTree(body: string, start: number): unknown {
  const first = body[start];
  if (first !== '{' && first !== '[') throw parseFailure(`expected JSON, got ${excerpt(body.slice(start))}`);
  try {
    // From `start`: JSON.parse refuses the byte-order mark that .NET servers like to put first.
    return JSON.parse(start === 0 ? body : body.slice(start));
  } catch {
    throw parseFailure(`malformed or truncated JSON (${body.length} characters)`);
  }
}

function xmlTree(body: string, start: number, options: TreeOptions): unknown {
  if (body[start] !== '<') throw parseFailure(`expected XML, got ${excerpt(body.slice(start))}`);
  // The upstream never sends a DOCTYPE; refusing it shuts out entity tricks and HTML pages at once.
  if (/<!DOCTYPE/i.test(body)) throw parseFailure('XML with a DOCTYPE (or an HTML page) refused');
  const root = rootName(body, start);
  if (root === undefined) throw parseFailure(`no root element in ${excerpt(body.slice(start))}`);
  if (root.toLowerCase() === 'html') throw parseFailure('got an HTML page instead of XML');
  // The parser accepts unclosed tags silently, so a body cut short would parse as a smaller
  // document. A complete document ends with its root's end tag (or is a lone empty root).
  if (!endsWithRootClose(body, root)) throw parseFailure(`truncated XML: no closing </${root}>`);
  try {
    return (options.attributes ? withAttributes : elementsOnly).parse(body);
  } catch (err) {
    throw parseFailure(`malformed XML: ${describeThrown(err)}`);
  }
}

/** Name of the first element, skipping the declaration, processing instructions and comments. */
function rootName(body: string, from: number): string | undefined {
  let i = from;
  for (;;) {
    i = body.indexOf('<', i);
    if (i === -1) return undefined;
    const next = body[i + 1];
    if (next === '?') i = skipPast(body, i, '?>');
    else if (body.startsWith('<!--', i)) i = skipPast(body, i, '-->');
    else if (next === '!') return undefined;
    else break;
    if (i === -1) return undefined;
  }
  const name = /^<([A-Za-z_][\w.:-]*)/.exec(body.slice(i, i + 200));
  return name?.[1];
}

function skipPast(body: string, from: number, marker: string): number {
  const at = body.indexOf(marker, from);
  return at === -1 ? -1 : at + marker.length;
}

function endsWithRootClose(body: string, root: string): boolean {
  const tail = body.trimEnd();
  if (!tail.endsWith('>')) return false;
  const close = tail.lastIndexOf('</');
  if (close !== -1) return /^<\/([\w.:-]+)\s*>$/.exec(tail.slice(close))?.[1] === root;
  // A document that is a single empty element, <Gtfs/> or <Gtfs a="1" />. The name ends where a
  // space or the "/" begins: a pattern whose name and attributes could share characters tried every
  // split of them on a long unclosed tag (50 kB: 16 s).
  return /^<[\w.:-]+(?:\s[^<>]*)?\/>$/.test(tail.slice(tail.lastIndexOf('<')));
}
