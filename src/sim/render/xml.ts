import { escapeMarkup } from '../../util/escape.js';

// A tiny XML writer: elements with text or children, attributes, every text escaped, empty values
// as empty elements (<Latitude/>), two-space indentation like the captures.

export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  text?: string;
  children?: XmlElement[];
}

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

export function el(name: string, content?: string | XmlElement[], attributes?: Record<string, string>): XmlElement {
  const element: XmlElement = { name };
  if (typeof content === 'string') element.text = content;
  else if (content !== undefined) element.children = content;
  if (attributes !== undefined) element.attributes = attributes;
  return element;
}

export function renderXml(root: XmlElement): string {
  const lines = [XML_DECLARATION];
  write(root, 0, lines);
  return `${lines.join('\n')}\n`;
}

function write(element: XmlElement, depth: number, lines: string[]): void {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(element.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const open = `${indent}<${element.name}${attributes}`;
  if (element.children !== undefined && element.children.length > 0) {
    lines.push(`${open}>`);
    for (const child of element.children) write(child, depth + 1, lines);
    lines.push(`${indent}</${element.name}>`);
  } else if (element.text !== undefined && element.text !== '') {
    lines.push(`${open}>${escapeMarkup(element.text)}</${element.name}>`);
  } else {
    lines.push(`${open}/>`);
  }
}

function escapeAttribute(text: string): string {
  return escapeMarkup(text).replace(/"/g, '&quot;');
}
