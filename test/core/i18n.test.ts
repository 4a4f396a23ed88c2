import { readFileSync } from 'node:fs';
import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { createTranslator, LOCALES, localeFile, localeFromCode, MISSING_MESSAGE_FALLBACK } from '../../src/core/i18n.js';
import { sourceWords } from '../../src/core/source-words.js';
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

  it('parse without errors and translate everything', () => {
    const t = createTranslator();
    for (const locale of LOCALES) expect(t(locale, 'usage-empty')).not.toBe('usage-empty');
    // Only messages made of symbols, variables and command names may read the same in both languages.
    const sameByDesign =
      /^(command-(start|help|stops|subs|lang)|days-list|alert-title|arrivals-(title|route-heading|minutes|trip|trip-with-notes|source-tracked|source-predicted|source-scheduled)|button-(stop|transfer|where)|greeting-saved-button|where-age-(seconds|minutes)|vehicle-emoji|arg-page|routes-line(-direction)?|stop-title)$/;
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

  it('reads attributes as id.attribute', () => {
    expect(t('en', 'command-next.description', { vehicles: 'bus' })).toBe('Next buses at a stop, for one route or all');
    expect(t('fr', 'command-next.description')).toBe('Prochains passages à un arrêt, pour un circuit ou tous');
  });

  it("shows an unknown id as the generic failure in the rider's language, and tells the hook", () => {
    const missing: string[] = [];
    const told = createTranslator({ onMissing: (id, locale) => missing.push(`${locale}:${id}`) });
    expect(told('en', 'no-such-message', { stopNo: '3017' })).toBe(t('en', MISSING_MESSAGE_FALLBACK));
    expect(told('fr', 'command-next.no-such-attribute')).toBe(t('fr', MISSING_MESSAGE_FALLBACK));
    expect(t('fr', MISSING_MESSAGE_FALLBACK)).not.toBe(t('en', MISSING_MESSAGE_FALLBACK));
    expect(missing).toEqual(['en:no-such-message', 'fr:command-next.no-such-attribute']);
    expect(told('en', 'usage-empty')).not.toBe(t('en', MISSING_MESSAGE_FALLBACK));
    expect(missing).toHaveLength(2);
  });

  it('still answers when the hook throws', () => {
    const told = createTranslator({
      onMissing: () => {
        throw new Error('logger down');
      },
    });
    expect(told('en', 'no-such-message')).toBe(t('en', MISSING_MESSAGE_FALLBACK));
  });

  it('picks French for any fr* language code, English otherwise', () => {
    expect(['fr', 'fr-CA', 'FR_ca.UTF-8', 'en-US', 'de', undefined, ''].map(localeFromCode)).toEqual(['fr', 'fr', 'fr', 'en', 'en', 'en', 'en']);
  });
});
