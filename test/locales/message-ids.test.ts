import { DISRUPTION_EFFECTS } from '../../src/domain/disruption.js';
import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { COMMAND_SPECS } from '../../src/core/commands/index.js';
import { HELP_TOPICS } from '../../src/core/commands/help-topics.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { TRANSIT_ERROR_KINDS } from '../../src/domain/transit-error.js';
import { idsUsedIn } from './source-ids.js';

// Every Fluent id the source uses, anywhere in src/, must be in every language's messages.ftl: a
// missing one would reach riders as the generic failure instead of its message.

const languages = packageLanguages();
const LOCALES = languages.all.map((language) => language.locale);

/** Every message and "message.attribute" id of a language's messages.ftl. */
function idsOf(locale: string): Set<string> {
  const ids = new Set<string>();
  for (const entry of new FluentResource(languages.get(locale)!.messages).body) {
    if (entry.id.startsWith('-')) continue;
    if (entry.value !== null) ids.add(entry.id);
    for (const attribute of Object.keys(entry.attributes)) ids.add(`${entry.id}.${attribute}`);
  }
  return ids;
}

const localeIds = new Map(LOCALES.map((locale) => [locale, idsOf(locale)]));
const prefixes = new Set([...localeIds.get(languages.default.locale)!].map((id) => id.split('-')[0]!));
const uses = idsUsedIn(new URL('../../src/', import.meta.url).pathname, prefixes);

// Ids the source builds at run time, each template with every value it can take.
const argLabels = COMMAND_SPECS.flatMap((spec) => spec.args.map((arg) => arg.labelId));
const COMPUTED_IDS: Readonly<Record<string, readonly (string | number)[]>> = {
  // An unavailable source has its own words by reason (error-timeout, ...), each written out.
  'error-${}': TRANSIT_ERROR_KINDS.filter((kind) => kind !== 'unavailable'),
  'arrivals-route-${}': ['unknown-route', 'route-not-at-stop'],
  'day-${}': [0, 1, 2, 3, 4, 5, 6],
  // The store failure of /unsubscribe, /pause and /resume, each its own words.
  '${}-failed': ['unsubscribe', 'pause', 'resume'],
  'days-${}': ['daily', 'weekdays', 'weekends'],
  'command-${}': COMMAND_SPECS.map((spec) => spec.name),
  'command-${}.description': COMMAND_SPECS.map((spec) => spec.name),
  '${}.description': argLabels,
  'disruption-effect-${}': DISRUPTION_EFFECTS,
  'help-topic-${}': HELP_TOPICS,
};

// Strings that look like message ids (a locale file's prefix) but are something else.
const NOT_MESSAGE_IDS = new Map([
  ['usage-error', 'a Reply kind'],
  ['stop-or-name', 'an argument kind'],
  ['disruption-ref', 'an argument kind'],
  ['trip-start', 'an argument kind'],
  ['help-topic', 'an argument kind'],
  ['stop-digits', 'an identifier problem'],
  ['stop-not-stop', 'an identifier problem'],
  ['stop-moved', "a disruption's effect"],
  ['error-2', 'a simulator fault'],
  ['arrivals-demo', "the simulator's demo app id"],
  ['arrivals-bot', "the store's namespace"],
  ['arrivals-bot.sqlite', "the store's file"],
  ['arrivals-bot.log', "the terminal chat's log file"],
]);

function missingFrom(ids: Iterable<string>): string[] {
  return [...ids].flatMap((id) => LOCALES.filter((locale) => !localeIds.get(locale)!.has(id)).map((locale) => `${id} (${locale})`));
}

describe('message ids in the source', () => {
  it('are found in every kind of place: say(), t(), usage(), the command table, tables of ids', () => {
    const where = (id: string) => uses.filter((use) => use.id === id).map((use) => use.where);
    expect(where('arrivals-none')).toContainEqual(expect.stringMatching(/^src\/core\/format\/arrivals\.ts:/));
    expect(where('rate-limited')).toContainEqual(expect.stringMatching(/^src\/chat\/pipeline\.ts:/));
    expect(where('refresh-up-to-date')).toContainEqual(expect.stringMatching(/^src\/chat\/telegram\//));
    expect(where('usage-empty')).toContainEqual(expect.stringMatching(/^src\/core\/parse-text\.ts:/));
    expect(where('arg-stop')).toContainEqual(expect.stringMatching(/^src\/core\/commands\/next\.ts:/));
    expect(where('help-example-next')).toContainEqual(expect.stringMatching(/^src\/core\/commands\/help\.ts:/));
    expect(where('routes-direction-east')).toContainEqual(expect.stringMatching(/^src\/core\/localized-source\.ts:/));
  });

  it('are all in every language', () => {
    const literal = uses.filter((use) => !use.computed && !NOT_MESSAGE_IDS.has(use.id));
    const missing = literal.flatMap((use) => missingFrom([use.id]).map((what) => `${what} at ${use.where}`));
    expect(missing).toEqual([]);
  });

  it('are built at run time only from the templates listed here', () => {
    const unlisted = uses.filter((use) => use.computed && !Object.hasOwn(COMPUTED_IDS, use.id));
    expect(unlisted.map((use) => `${use.id} at ${use.where}`)).toEqual([]);
  });

  it('built from a listed template are in every language, for every value', () => {
    const built = Object.entries(COMPUTED_IDS).flatMap(([template, values]) => values.map((value) => template.replace('${}', String(value))));
    expect(missingFrom(built)).toEqual([]);
  });

  it("of the command table are in every language, each argument's description too", () => {
    const ids = COMMAND_SPECS.flatMap((spec) => [
      spec.helpId,
      spec.descriptionId,
      ...spec.args.flatMap((arg) => [arg.labelId, `${arg.labelId}.description`]),
    ]);
    expect(missingFrom(ids)).toEqual([]);
  });

  it('that are not message ids are still in the source (the list above stays true)', () => {
    const stale = [...NOT_MESSAGE_IDS.keys()].filter((id) => !uses.some((use) => use.id === id));
    expect(stale).toEqual([]);
  });
});
