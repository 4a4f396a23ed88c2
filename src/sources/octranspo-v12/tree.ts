import { parseFailure } from './fail.js';
import { decodeXmlText } from './xml-text.js';

// Read-only helpers over the loose tree that both formats become: XML (all values strings, names
// possibly prefixed "s:Body", repeated elements as arrays, empty elements as "") and JSON (numbers,
// booleans, null, [] and {"Trip": ...} wrappers). Every lookup goes by local name, so a namespace
// prefix never matters, and every value is read through the same few coercions, so both formats
// give the same model.

export type Node = Record<string, unknown>;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key without its namespace prefix: "a:StopNo" -> "StopNo". */
export function localName(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(colon + 1);
}

/** The child called `name`, with or without a namespace prefix ("a:StopNo"). */
export function child(node: Node, name: string): unknown {
  const direct = node[name];
  if (direct !== undefined) return direct;
  // Rare path: only prefixed documents get here, and objects have a handful of keys.
  const suffix = `:${name}`;
  for (const key in node) {
    if (key.endsWith(suffix)) return node[key];
  }
  return undefined;
}

/** The first of several spellings that is present ("GPSSpeed" | "Speed" | "SPEED"). */
export function childOf(node: Node, names: readonly string[]): unknown {
  for (const name of names) {
    const value = child(node, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * A leaf as trimmed text: strings (entity references decoded), numbers and booleans as written;
 * missing, null, "" and empty elements as "". An element that also carries attributes keeps its
 * text under "#text".
 */
export function text(value: unknown): string {
  if (typeof value === 'string') return decodeXmlText(value.trim());
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) return '';
  if (isNode(value)) {
    if (value['#text'] !== undefined) return text(value['#text']);
    // An element with attributes only (<x xsi:nil="true"/>) is empty; anything else is a subtree.
    if (Object.keys(value).every((key) => key.startsWith('@'))) return '';
    throw parseFailure('expected a text value, got an object');
  }
  throw parseFailure(`expected a text value, got ${Array.isArray(value) ? 'a list' : typeof value}`);
}

/** A number, or undefined when the value is empty or not numeric. */
export function number(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const raw = text(value);
  if (raw === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * The entries of a container that may be: missing, null, "", [], an array of entries, one bare
 * entry, or a wrapper {itemName: entry | entry[]}.
 */
export function entries(container: unknown, itemName: string, where: string): Node[] {
  if (container === undefined || container === null || container === '') return [];
  if (Array.isArray(container)) {
    const list: Node[] = [];
    // An empty element (<Trip/>) or a JSON null in a list carries nothing: skip it.
    for (const item of container) {
      if (item === '' || item === null) continue;
      // A list of wrappers, [{"Trip": {...}}, ...], flattens like a single wrapper.
      const wrapped = isNode(item) ? child(item, itemName) : undefined;
      if (wrapped !== undefined) list.push(...entries(wrapped, itemName, where));
      else list.push(asEntry(item, where));
    }
    return list;
  }
  if (isNode(container)) {
    const wrapped = child(container, itemName);
    if (wrapped !== undefined) return entries(wrapped, itemName, where);
    // An element whose only content was whitespace or attributes: an empty container.
    if (Object.keys(container).length === 0) return [];
    return [container];
  }
  throw parseFailure(`${where} is neither a list nor an object`);
}

function asEntry(item: unknown, where: string): Node {
  if (isNode(item)) return item;
  throw parseFailure(`${where} holds a ${item === null ? 'null' : typeof item} where an object belongs`);
}
