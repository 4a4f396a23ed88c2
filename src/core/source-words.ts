import { displayStop, type IdentifierGrammar } from '../domain/identifiers.js';
import type { SourceProfile } from '../domain/transit-source.js';
import type { MessageArgs, Translate } from './i18n.js';

// The words every message may use to speak of the transit source in use: its agency's name, how
// its stop codes look and an example of each, so /help, usage errors and argument descriptions
// name Caltrain's "70021" on a Caltrain deployment and OC Transpo's "3017" on Ottawa's.

/** Where a command's example is written ("/next {stop} {route}"), the source's own examples go. */
const PLACEHOLDERS = { stop: '{stop}', route: '{route}', name: '{name}', zone: '{zone}' } as const;

export function sourceWords(profile: SourceProfile): MessageArgs {
  return {
    // Fluent selects on it: an agency named nothing yet reads as the generic words.
    agency: profile.agencies.join(' · ') || 'none',
    stopDigits: profile.stopDigits ?? 0,
    vehicles: profile.vehicles,
    stopExample: profile.examples.stop,
    routeExample: profile.examples.route,
    nameExample: profile.examples.name ?? profile.examples.stop,
    // Until the source knows its clock, any zone shows the form a zone takes.
    zoneExample: profile.timeZone ?? 'Europe/Paris',
  };
}

/** The message's own arguments over the source's words, with a command example filled in. */
export function withSourceWords(words: MessageArgs, args: MessageArgs = {}): MessageArgs {
  const merged = { ...words, ...args };
  if (typeof args.example === 'string') merged.example = fillExample(args.example, words);
  return merged;
}

function fillExample(example: string, words: MessageArgs): string {
  return example
    .replaceAll(PLACEHOLDERS.stop, String(words.stopExample))
    .replaceAll(PLACEHOLDERS.route, String(words.routeExample))
    .replaceAll(PLACEHOLDERS.name, String(words.nameExample))
    .replaceAll(PLACEHOLDERS.zone, String(words.zoneExample));
}

/** Message arguments that hold a stop, shown as riders read it ("sto:3000" -> "STO 3000"). */
const STOP_ARGS = ['stopNo', 'stop'] as const;

/**
 * A translator whose every message may name the source: its words are read at each call, as a
 * source's profile can change; a stop in any message reads as the source displays it.
 */
export function speakingOf(translate: Translate, source: { profile(): SourceProfile; identifiers?: IdentifierGrammar }): Translate {
  return (locale, id, args) => {
    const shown = { ...args };
    if (source.identifiers !== undefined) {
      for (const name of STOP_ARGS) if (typeof shown[name] === 'string') shown[name] = displayStop(source.identifiers, shown[name]);
    }
    return translate(locale, id, withSourceWords(sourceWords(source.profile()), shown));
  };
}
