import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';

// The README is the operator's guide and docs/performance.md keeps the benchmarks' figures: the
// settings as .env.example lists them, links that lead somewhere, commands that exist, and every
// benchmark with its command on the figures page (none of its figures back in the README).

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const README = read('README.md');
const PERFORMANCE = existsSync(path.join(ROOT, 'docs/performance.md')) ? read('docs/performance.md') : '';
const BENCHES = readdirSync(path.join(ROOT, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace('.bench.ts', ''));

/** The text of a `## ` section, up to the next one. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** `npm run bench <name>` commands named in a text. */
const benchCommands = (text: string) => [...text.matchAll(/npm run bench (?:-- )?([a-z][a-z0-9-]*)/g)].map((m) => m[1]!);

describe('the README as a guide', () => {
  const example = parseEnv(read('.env.example'));
  const rows = [...section(README, 'Settings').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map((m) => ({ name: m[1]!, fallback: m[2]! }));

  it('lists the settings in the order and groups of .env.example', () => {
    // parseEnv's keys come sorted: the file's order is read from its lines.
    const order = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect([...order].sort()).toEqual(Object.keys(example).sort());
    expect(rows.map((row) => row.name)).toEqual(order);
  });

  it('gives the default .env.example gives', () => {
    for (const { name, fallback } of rows) {
      const value = example[name];
      if (value !== undefined && value !== '') expect(fallback, name).toContain(`\`${value}\``);
    }
  });

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...README.matchAll(/npm run ([a-z][a-z0-9:-]*)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(scripts, script).toContain(script);
  });

  it('leaves the benchmarks figures to docs/performance.md, and links it', () => {
    expect(README).toContain('](docs/performance.md)');
    // A section of figures is a heading named after its bench.
    expect(README).not.toMatch(/^#+ .*npm run bench/m);
  });
});

describe('docs/performance.md', () => {
  it('has every benchmark, each with its command', () => {
    const documented = new Set(benchCommands(PERFORMANCE));
    for (const bench of BENCHES) expect([...documented], bench).toContain(bench);
  });

  it('names only benchmarks that exist (npm run bench runs the files whose name contains it)', () => {
    for (const name of [...benchCommands(PERFORMANCE), ...benchCommands(README)])
      expect(
        BENCHES.some((bench) => bench.includes(name)),
        name,
      ).toBe(true);
  });
});

describe('links between the documents', () => {
  const documents = ['README.md', 'ARCHITECTURE.md', ...readdirSync(path.join(ROOT, 'docs')).map((file) => `docs/${file}`)].filter((file) =>
    file.endsWith('.md'),
  );

  it.each(documents)('%s links only to files that exist', (document) => {
    const targets = [...read(document).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!.split('#')[0]!)
      .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
    for (const target of targets) expect(existsSync(path.join(ROOT, path.dirname(document), target)), `${document} -> ${target}`).toBe(true);
  });
});
