import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

// Structural skeletons, for comparing our answers with the real captures while ignoring values:
// element paths (with their xmlns declarations) mapped to the ordered names of their children,
// repeated siblings counted once. JSON skeletons map paths to value types, arrays to one entry.

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'octranspo-api');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  ignoreDeclaration: true,
  processEntities: false,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

export function xmlSkeleton(xml: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  walk(parser.parse(xml) as OrderedNode[], '', out);
  return out;
}

function walk(nodes: OrderedNode[], parent: string, out: Record<string, string[]>): void {
  const names: string[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
    if (name === undefined) continue;
    const namespaces = Object.entries(node[':@'] ?? {})
      .filter(([attribute]) => attribute.startsWith('xmlns'))
      .map(([attribute, value]) => `${attribute}=${value}`)
      .join(' ');
    const label = namespaces ? `${name}[${namespaces}]` : name;
    if (names[names.length - 1] !== label) names.push(label);
    walk(node[name] as OrderedNode[], `${parent}/${label}`, out);
  }
  if (parent !== '') out[parent] = names;
}

export function jsonSkeleton(value: unknown, path = '$', out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) {
    out[path] = 'array';
    for (const item of value) jsonSkeleton(item, `${path}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    out[path] = 'object';
    for (const [key, item] of Object.entries(value)) jsonSkeleton(item, `${path}.${key}`, out);
  } else {
    out[path] = value === null ? 'null' : typeof value;
  }
  return out;
}
