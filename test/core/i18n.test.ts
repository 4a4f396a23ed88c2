import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { createTranslator, MISSING_MESSAGE_FALLBACK } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { sourceWords } from '../../src/core/source-words.js';
import { OTTAWA_PROFILE } from './fakes.js';

const languages = packageLanguages();
const others = languages.all.filter((language) => language !== languages.default).map((language) => language.locale);

/** Every message and attribute id of a language's messages.ftl, each with the variables it uses. */
function shapeOf(locale: string): Map<string, string[]> {
  const resource = new FluentResource(languages.get(locale)!.messages);
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
  const en = shapeOf(languages.default.locale);

  it('are one folder per language, the default first', () => {
    expect(languages.all.map((language) => language.locale)).toEqual(['en', 'es', 'fr']);
  });

  it.each(others)('%s has the same message and attribute ids as the default language', (locale) => {
    expect([...shapeOf(locale).keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each(others)('%s uses the same variables in each message', (locale) => {
    const shape = shapeOf(locale);
    const differing = [...en].filter(([id, vars]) => JSON.stringify(shape.get(id)) !== JSON.stringify(vars)).map(([id]) => id);
    expect(differing).toEqual([]);
  });

  it.each(others)('%s parses without errors and translates everything', (locale) => {
    const t = createTranslator(languages);
    expect(t(locale, 'usage-empty')).not.toBe(t('en', 'usage-empty'));
    // Only messages made of symbols, variables and command names may read the same in two languages.
    const sameByDesign =
      /^(command-start|arg-language\.description|arg-way|days-list|alert-title|arrivals-(title|route-heading|minutes|trip|trip-with-notes|source-tracked|source-predicted|source-estimated|source-scheduled)|button-(stop|transfer|where|line|line-direction|track|off-stop)|track-title-route|line-heading|map-button-route|greeting-saved-button|where-age-(seconds|minutes)|vehicle-emoji|arg-page|routes-line(-direction)?|stop-title|stop-which-line|location-line|disruptions-line(-agency)?|help-command-line|help-topic-line|help-command-name|later-(title|place|when-day|trip|clock-other-day))$/;
    const words = sourceWords(OTTAWA_PROFILE);
    const same = [...en.keys()].filter((id) => t('en', id, words) === t(locale, id, words));
    expect(same.filter((id) => !sameByDesign.test(id))).toEqual([]);
  });
});

describe("a platform's language code", () => {
  it('reads as the language spoken closest to it, else the default', () => {
    const codes = ['fr', 'fr-CA', 'FR_ca.UTF-8', 'es', 'es-419', 'es-ES', 'es_MX.UTF-8', 'en-US', 'de', 'C', undefined, '', 42];
    expect(codes.map((code) => languages.fromCode(code))).toEqual(['fr', 'fr', 'fr', 'es', 'es', 'es', 'es', 'en', 'en', 'en', 'en', 'en', 'en']);
  });
});

describe('translator', () => {
  const t = createTranslator(languages);

  it('formats plurals and exact numbers in every language', () => {
    expect(t('en', 'arrivals-minutes', { minutes: 0 })).toBe('now');
    expect(t('en', 'arrivals-minutes', { minutes: 4 })).toBe('4 min');
    expect(t('fr', 'arrivals-minutes', { minutes: 0 })).toBe('maintenant');
    expect(t('en', 'arrivals-more-routes', { count: 1, stopNo: '3017', example: '95' })).toBe('and one more route — ask for one: /next 3017 95');
    expect(t('en', 'arrivals-more-routes', { count: 32, stopNo: '3017', example: '95' })).toBe('and 32 more routes — ask for one: /next 3017 95');
    expect(t('fr', 'arrivals-more-routes', { count: 32, stopNo: '3017', example: '95' })).toBe(
      'et 32 autres circuits — demandez-en un : /prochain 3017 95',
    );
    expect(t('es', 'arrivals-minutes', { minutes: 0 })).toBe('ahora');
    expect(t('es', 'arrivals-more-routes', { count: 1, stopNo: '3017', example: '95' })).toBe('y una ruta más — pide una: /proxima 3017 95');
    expect(t('es', 'arrivals-more-routes', { count: 32, stopNo: '3017', example: '95' })).toBe('y 32 rutas más — pide una: /proxima 3017 95');
  });

  it("names a command it is handed (a command, an example) as the rider's language does", () => {
    const args = { command: 'next', example: '/next 3017 95' };
    expect(t('en', 'usage-too-many-words', args)).toBe('Too many words for /next. Try: /next 3017 95');
    expect(t('fr', 'usage-too-many-words', args)).toBe('Trop de mots pour /prochain. Essayez : /prochain 3017 95');
    expect(t('es', 'usage-too-many-words', args)).toBe('Demasiadas palabras para /proxima. Prueba: /proxima 3017 95');
    // A command the language gives no name of its own keeps the command's.
    expect(t('es', 'usage-too-many-words', { command: 'start', example: '/start' })).toBe('Demasiadas palabras para /start. Prueba: /start');
  });

  it('lists the languages present, each by its own name, where a message names them', () => {
    expect(t('en', 'usage-lang-bad')).toBe('I speak English, Español, Français: /lang en|es|fr.');
    expect(t('es', 'command-lang')).toBe('/idioma en|es|fr');
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
    const told = createTranslator(languages, { onMissing: (id, locale) => missing.push(`${locale}:${id}`) });
    expect(told('en', 'no-such-message', { stopNo: '3017' })).toBe(t('en', MISSING_MESSAGE_FALLBACK));
    expect(told('fr', 'command-next.no-such-attribute')).toBe(t('fr', MISSING_MESSAGE_FALLBACK));
    expect(t('fr', MISSING_MESSAGE_FALLBACK)).not.toBe(t('en', MISSING_MESSAGE_FALLBACK));
    expect(missing).toEqual(['en:no-such-message', 'fr:command-next.no-such-attribute']);
    expect(told('en', 'usage-empty')).not.toBe(t('en', MISSING_MESSAGE_FALLBACK));
    expect(missing).toHaveLength(2);
  });

  it('still answers when the hook throws', () => {
    const told = createTranslator(languages, {
      onMissing: () => {
        throw new Error('logger down');
      },
    });
    expect(told('en', 'no-such-message')).toBe(t('en', MISSING_MESSAGE_FALLBACK));
  });

  it('speaks the default language to a locale whose folder is gone', () => {
    expect(t('de', 'usage-empty', { stopExample: '3017' })).toBe(t('en', 'usage-empty', { stopExample: '3017' }));
  });
});
