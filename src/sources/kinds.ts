import type { OpenedSource, OpenSourceOptions, SourceKind } from './kind.js';
import type { PublisherSettings } from './publishers.js';
import { gtfsKind } from './gtfs/kind.js';
import { octranspoV12Kind } from './octranspo-v12/kind.js';

// The registered source kinds: a kind is its folder and one line here. FEEDS_FILE's entries and
// the environment's shorthand for one feed are read through each one's forms, and every feed is
// opened by its own kind; nothing else names them. The order is the shorthand's: the first kind
// whose variables describe a feed is the environment's feed.

const REGISTERED = [gtfsKind, octranspoV12Kind] as const;

type SettingsOf<K> = K extends { open(settings: infer S, options: OpenSourceOptions): Promise<OpenedSource> } ? S : never;

/** A feed's source, as its kind reads and opens it. */
export type SourceSettings = SettingsOf<(typeof REGISTERED)[number]>;

export const SOURCE_KINDS: readonly SourceKind[] = REGISTERED;

/** One feed of the list: its source, and the words riders know it by. */
export interface FeedEntry {
  /** How riders who know it prefix a stop ("sto 3000"), and where its data are kept. */
  id: string;
  /** The agency as riders know it; absent (a feed alone): its source names its agencies. */
  name?: string;
  attribution?: string;
  /** This feed's clock starts here (its captures replayed as they were), whatever the bot's. */
  clockStart?: Date;
  source: SourceSettings;
  /** Other publishers of its disruptions (OC Transpo's RSS). */
  disruptions?: PublisherSettings[];
}

/** The kind a feed's settings are of. */
export function sourceKindOf(settings: { kind: string }, kinds: readonly SourceKind[] = SOURCE_KINDS): SourceKind {
  const kind = kinds.find((k) => k.name === settings.kind);
  if (kind === undefined) throw new Error(`no source kind "${settings.kind}" is registered`);
  return kind;
}
