// A disruption: a detour, a stop moved, no service, a delay... as an agency publishes it (a
// GTFS-Realtime Service Alert, an item of OC Transpo's RSS). Called "disruption" throughout
// because in this bot an "alert" is a chat's own scheduled push. Texts stay in every language the
// feed gives; the chat's is chosen when they are shown.

export const DISRUPTION_EFFECTS = [
  'no-service',
  'reduced-service',
  'significant-delays',
  'detour',
  'additional-service',
  'modified-service',
  'stop-moved',
  'accessibility-issue',
  'no-effect',
  'other',
  'unknown',
] as const;

export type DisruptionEffect = (typeof DISRUPTION_EFFECTS)[number];

export type DisruptionCause =
  | 'unknown'
  | 'other'
  | 'technical-problem'
  | 'strike'
  | 'demonstration'
  | 'accident'
  | 'holiday'
  | 'weather'
  | 'maintenance'
  | 'construction'
  | 'police-activity'
  | 'medical-emergency';

export type DisruptionSeverity = 'severe' | 'warning' | 'info' | 'unknown';

/** One text in one language; `language` is a lower-case tag ("en", "fr-ca"), '' when the feed gives none. */
export interface Translation {
  readonly language: string;
  readonly text: string;
}

/** The same text in the languages the feed gives it in (GTFS-Realtime's TranslatedString). */
export type TranslatedText = readonly Translation[];

/**
 * What a disruption touches (GTFS-Realtime's EntitySelector): every field given must hold at
 * once. `routeName` and `stopCode` are for feeds that name routes and stops as riders read them
 * (OC Transpo's RSS: "95", "7083") rather than by GTFS id.
 */
export interface InformedEntity {
  readonly agencyId?: string;
  readonly routeId?: string;
  readonly routeType?: number;
  readonly directionId?: number;
  readonly tripId?: string;
  readonly stopId?: string;
  readonly routeName?: string;
  readonly stopCode?: string;
}

/** POSIX seconds; an end or a start left out is open. */
export interface ActivePeriod {
  readonly start?: number;
  readonly end?: number;
}

export interface Disruption {
  /** Unique within its feed (several feeds scope it: "<feed>:<id>"). */
  readonly id: string;
  /** The agency that published it, named when a bot serves several (its feed's name). */
  readonly agency?: string;
  /** Changes whenever what riders read, or whom it touches, changes: a changed disruption is pushed again. */
  readonly version: string;
  readonly effect: DisruptionEffect;
  readonly cause: DisruptionCause;
  readonly severity: DisruptionSeverity;
  readonly header: TranslatedText;
  readonly description: TranslatedText;
  readonly url?: TranslatedText;
  readonly entities: readonly InformedEntity[];
  /** None: active as long as the feed carries it. */
  readonly periods: readonly ActivePeriod[];
}

export function isActiveAt(disruption: Disruption, at: Date): boolean {
  if (disruption.periods.length === 0) return true;
  const seconds = at.getTime() / 1000;
  return disruption.periods.some((p) => (p.start === undefined || p.start <= seconds) && (p.end === undefined || seconds < p.end));
}

/**
 * The text to show a chat speaking `language`: its own (a regional tag counts: "fr-CA" for "fr"),
 * else the untagged text, else English, else whatever there is; undefined when there is none.
 */
export function textIn(text: TranslatedText | undefined, language: string): string | undefined {
  if (text === undefined || text.length === 0) return undefined;
  const wanted = language.toLowerCase();
  const primary = (tag: string) => tag.split(/[-_]/)[0];
  const pick =
    text.find((t) => t.language === wanted) ??
    text.find((t) => primary(t.language) === wanted) ??
    text.find((t) => t.language === '') ??
    text.find((t) => primary(t.language) === 'en') ??
    text[0];
  return pick?.text;
}

const SEVERITY_RANK: Record<DisruptionSeverity, number> = { severe: 0, warning: 1, unknown: 2, info: 3 };

// When a feed gives no severity, what the rider loses decides: no bus at all first, more buses last.
const EFFECT_RANK: Record<DisruptionEffect, number> = {
  'no-service': 0,
  'stop-moved': 1,
  detour: 2,
  'reduced-service': 3,
  'significant-delays': 4,
  'modified-service': 5,
  'accessibility-issue': 6,
  other: 7,
  unknown: 8,
  'additional-service': 9,
  'no-effect': 10,
};

/** Most severe first; then by what it does to the rider; then by id, so that the order never flickers. */
export function compareBySeverity(a: Disruption, b: Disruption): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || EFFECT_RANK[a.effect] - EFFECT_RANK[b.effect] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Which disruptions a rider asks for: at a stop (of one route there), of a route, or none given: all the agency's. */
export interface DisruptionQuery {
  readonly stop?: string;
  readonly route?: string;
}

/**
 * The disruptions active now that touch the question, most severe first; `unavailable` when the
 * feed cannot be read (said as such, never as "none"). `incomplete`: one of several feeds failed.
 */
export type DisruptionReading =
  { readonly status: 'ok'; readonly disruptions: readonly Disruption[]; readonly incomplete?: boolean } | { readonly status: 'unavailable' };

/** The port riders' questions go through; a source without one publishes no disruptions. */
export interface DisruptionReader {
  /** Never rejects except with a TransitError about the question (an unknown stop or route) or a schedule still loading. */
  disruptions(query: DisruptionQuery): Promise<DisruptionReading>;
}

/** Effects under which another stop the text names is where riders go instead. */
const MOVING_EFFECTS: ReadonlySet<DisruptionEffect> = new Set(['stop-moved', 'detour', 'no-service']);
/** A number standing alone: not part of a clock time ("17:05"), a decimal or a longer number. */
const STANDING_NUMBER = /(?<![\d:.,])\d{2,8}(?![\d]|[:.,]\d)/g;

/**
 * The stop riders are sent to instead of `here`, when a disruption that moves, detours or stops
 * service says so: conservative, only when it is about `here` (its text names the stop, or an
 * entity its code) and its texts, in whatever language, name exactly one other stop the feed knows
 * (`isStop`: a code of the stop index). Undefined otherwise: a guess would send riders astray.
 */
export function replacementStop(disruption: Disruption, here: string, isStop: (code: string) => boolean): string | undefined {
  if (!MOVING_EFFECTS.has(disruption.effect)) return undefined;
  const named = new Set<string>();
  for (const { text } of [...disruption.header, ...disruption.description]) for (const [code] of text.matchAll(STANDING_NUMBER)) named.add(code);
  const aboutHere = named.has(here) || disruption.entities.some((e) => e.stopCode === here);
  if (!aboutHere) return undefined;
  const others = [...named].filter((code) => code !== here && isStop(code));
  return others.length === 1 ? others[0] : undefined;
}
