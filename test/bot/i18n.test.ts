import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { COMMAND_SPECS } from '../../src/bot/commands/index.js';
import { createTranslator, LOCALES, localeFile, localeFromCode } from '../../src/bot/i18n.js';
import { sourceWords } from '../../src/bot/source-words.js';
import { TRANSIT_ERROR_KINDS } from '../../src/domain/transit-error.js';
import { OTTAWA_PROFILE } from './fakes.js';

/** Every message and attribute id of a locale file, each with the variables it uses. */
function shapeOf(locale: 'en' | 'fr'): Map<string, string[]> {
  const resource = new FluentResource(readFileSync(localeFile(locale), 'utf8'));
  const shape = new Map<string, string[]>();
  for (const message of resource.body) {
    if (message.id.startsWith('-')) continue;
    if (message.value !== null) shape.set(message.id, variables(message.value));
    for (const [name, pattern] of Object.entries(message.attributes)) shape.set(`${message.id}.${name}`, variables(pattern));
  }
  return shape;
}

function variables(node: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(node)) node.forEach((n) => variables(n, found));
  else if (node !== null && typeof node === 'object') {
    const n = node as { type?: string; name?: string };
    if (n.type === 'var' && n.name !== undefined) found.add(n.name);
    Object.values(node).forEach((v) => variables(v, found));
  }
  return [...found].sort();
}

// Strings in the source that look like message ids but are a reply kind, an arg kind, an identifier problem.
const NOT_MESSAGE_IDS = new Set(['usage-error', 'stop-or-name', 'stop-digits', 'stop-not-stop', 'route-bad']);

/** Literal message ids in the bot's source: every say('...'), t(..., '...') and id in the command table. */
function idsUsedInSource(): string[] {
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(
          /'((?:usage|arrivals|error|button|help|start|stops?|routes|location|save|lang)-[a-z0-9-]+)'/g,
        )) {
          if (!NOT_MESSAGE_IDS.has(m[1]!)) ids.add(m[1]!);
        }
      }
    }
  };
  walk(new URL('../../src/bot/', import.meta.url).pathname);
  for (const spec of COMMAND_SPECS) {
    ids.add(spec.helpId).add(spec.descriptionId);
    for (const arg of spec.args) ids.add(arg.labelId).add(`${arg.labelId}.description`);
  }
  for (const kind of TRANSIT_ERROR_KINDS) if (kind !== 'unavailable') ids.add(`error-${kind}`);
  for (const reason of ['timeout', 'network', 'http', 'parse', 'unavailable', 'unrecognised']) ids.add(`error-${reason}`);
  for (const kind of ['unknown-route', 'route-not-at-stop', 'other']) ids.add(`arrivals-route-${kind}`);
  return [...ids].sort();
}

describe('locale files', () => {
  const en = shapeOf('en');
  const fr = shapeOf('fr');

  it('have the same message and attribute ids', () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('use the same variables in each message', () => {
    const differing = [...en].filter(([id, vars]) => JSON.stringify(fr.get(id)) !== JSON.stringify(vars)).map(([id]) => id);
    expect(differing).toEqual([]);
  });

  it('hold every id the code asks for', () => {
    const used = idsUsedInSource();
    expect(used.length).toBeGreaterThan(60);
    expect(used.filter((id) => !en.has(id))).toEqual([]);
  });

  it('parse without errors and translate everything', () => {
    const t = createTranslator();
    for (const locale of LOCALES) expect(t(locale, 'usage-empty')).not.toBe('usage-empty');
    // Only messages made of symbols, variables and command names may read the same in both languages.
    const sameByDesign =
      /^(command-(start|help|stops|subs|lang)|days-list|alert-title|arrivals-(title|route-heading|minutes|trip|trip-with-notes|source-live|source-scheduled)|button-stop|routes-line(-direction)?|stop-title)$/;
    const words = sourceWords(OTTAWA_PROFILE);
    const same = [...en.keys()].filter((id) => t('en', id, words) === t('fr', id, words));
    expect(same.filter((id) => !sameByDesign.test(id))).toEqual([]);
  });
});

describe('translator', () => {
  const t = createTranslator();

  it('formats plurals and exact numbers in both languages', () => {
    expect(t('en', 'arrivals-minutes', { minutes: 0 })).toBe('now');
    expect(t('en', 'arrivals-minutes', { minutes: 4 })).toBe('4 min');
    expect(t('fr', 'arrivals-minutes', { minutes: 0 })).toBe('maintenant');
    expect(t('en', 'arrivals-more-routes', { count: 1, stopNo: '3017', example: '95' })).toBe('and one more route — ask for one: /next 3017 95');
    expect(t('en', 'arrivals-more-routes', { count: 32, stopNo: '3017', example: '95' })).toBe('and 32 more routes — ask for one: /next 3017 95');
    expect(t('fr', 'arrivals-more-routes', { count: 32, stopNo: '3017', example: '95' })).toBe(
      'et 32 autres circuits — demandez-en un : /next 3017 95',
    );
  });

  it('adds no bidi isolation marks', () => {
    expect(t('en', 'usage-stop-digits', { stop: '30170', digits: 5, stopDigits: 4 })).toBe('Stop numbers have 4 digits: 30170 has 5.');
    expect(t('fr', 'usage-stop-digits', { stop: '30170', digits: 5, stopDigits: 4 })).toBe("Les numéros d'arrêt ont 4 chiffres : 30170 en a 5.");
  });

  it('reads attributes as id.attribute and returns unknown ids as they are', () => {
    expect(t('en', 'command-next.description')).toBe('Next buses at a stop, for one route or all');
    expect(t('fr', 'command-next.description')).toBe('Prochains passages à un arrêt, pour un circuit ou tous');
    expect(t('en', 'no-such-message')).toBe('no-such-message');
  });

  it('picks French for any fr* language code, English otherwise', () => {
    expect(['fr', 'fr-CA', 'FR_ca.UTF-8', 'en-US', 'de', undefined, ''].map(localeFromCode)).toEqual(['fr', 'fr', 'fr', 'en', 'en', 'en', 'en']);
  });
});
