import type { PollShare } from '../domain/poll-share.js';
import type { z } from 'zod';
import type { AccuracyRecords } from '../domain/accuracy.js';
import type { Clock } from '../domain/clock.js';
import type { SharedRate } from '../domain/shared-rate.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { SourceProfile, TransitSource } from '../domain/transit-source.js';
import type { Logger } from '../log.js';
import type { RawEnv } from '../util/env-values.js';
import type { DisruptionFeed } from './disruption-feed.js';
import type { EntryOf } from './entry-fields.js';
import type { ProgressOutput } from './gtfs/progress-display.js';
import type { PublisherSettings } from './publishers.js';

// A source kind as one object, exported from its own folder and named once in kinds.ts: how its
// FEEDS_FILE entries read, the environment variables that are a shorthand for a list of one of
// its feeds, how it opens, and what it says of itself without serving. Written as methods so that
// the list holds each kind with its own settings.

export interface OpenSourceOptions {
  dataDir: string;
  now: Clock;
  logger: Logger;
  /** The v1.2 client's own failures are answered on screen in the terminal chat: log them only at debug. */
  quietRequests: boolean;
  /** The terminal chat waits for a first schedule import, showing its progress here. */
  waitForSchedule?: ProgressOutput;
  /** Other publishers of this feed's disruptions (OC Transpo's RSS), opened already. */
  disruptionFeeds?: readonly DisruptionFeed[];
  /** Where a feed's accuracy figures are kept (the store), under its id; absent: none recorded. */
  accuracy?: AccuracySettings;
  /** Instances sharing a store poll each feed once between them: the share, this feed's id, this instance's name. */
  sharedPolls?: FeedPollShare;
  /** Instances sharing a store ask an agency within one request budget: the store's rates, and this feed's id. */
  sharedRate?: FeedRateShare;
}

export interface FeedRateShare {
  readonly rate: SharedRate;
  /** The feed's id: its budget's name (two feeds, two budgets). */
  readonly feed: string;
}

export interface AccuracySettings {
  records: AccuracyRecords;
  /** The feed's id, which its counters are kept under. */
  feed: string;
  /** Days of figures kept and shown. Default 7. */
  days?: number;
}

export interface FeedPollShare {
  readonly polls: PollShare;
  /** The feed's id (its FEEDS_FILE entry's): with what is polled and where, the key of its lease. */
  readonly feed: string;
  readonly holder: string;
}

export interface OpenedSource {
  source: TransitSource;
  stops?: StopIndex;
  close(): Promise<void>;
}

/** What reading an entry may ask of its reader. */
export interface EntryContext {
  /**
   * A secret's value, counted among those the redactors remove: in FEEDS_FILE "$NAME" is the
   * environment variable's; the environment's own shorthand gives values as they are.
   */
  secret(field: string, value: string): string;
  /** The same, for a value sent as a request header: one fetch can send, else a problem. */
  header(field: string, value: string): string;
  complain(field: string, problem: string): void;
}

/** A feed as its entry describes it, beyond what every entry says. */
export interface ReadFeed<Settings> {
  source: Settings;
  /** What its licence asks to be shown (a preset's), when the entry gives none. */
  attribution?: string;
  /** Other publishers of its disruptions (a preset's RSS). */
  disruptions?: PublisherSettings[];
}

/** One way a FEEDS_FILE entry names a kind: the field that marks it ("gtfs", "preset"), or the value it must have ("kind": "octranspo-v1.2"). */
export interface EntryForm<Fields extends z.ZodRawShape, Settings, Defaults> {
  readonly field: string;
  readonly value?: string;
  /** How "expected one of ..." names it. */
  readonly described: string;
  /** Its fields beyond those every entry has. */
  readonly fields: Fields;
  read(entry: EntryOf<Fields>, defaults: Defaults, context: EntryContext): ReadFeed<Settings>;
}

/** The environment's one feed as a FEEDS_FILE entry would say it, each field with the variable it came from (for its problems). */
export interface Shorthand {
  entry: Record<string, unknown>;
  variables: Record<string, string>;
}

/** A shorthand from its fields, each with its variable and value; those without a value left out. */
export function shorthandOf(fields: ReadonlyArray<readonly [field: string, variable: string, value: unknown]>): Shorthand {
  const set = fields.filter(([, , value]) => value !== undefined);
  return {
    entry: Object.fromEntries(set.map(([field, , value]) => [field, value])),
    variables: Object.fromEntries(set.map(([field, variable]) => [field, variable])),
  };
}

export interface SourceKind<Variables extends z.ZodObject = z.ZodObject, Settings extends { kind: string } = { kind: string }, Defaults = unknown> {
  /** Its settings' `kind`. */
  readonly name: Settings['kind'];
  /** Its environment variables, each checked alone; .env.example and the README list them. */
  readonly variables: Variables;
  /** Those that describe a feed: with FEEDS_FILE, its entries say them instead. */
  readonly feedVariables: readonly string[];
  /** Problems across its variables, read on the raw values so that they are reported with every other. */
  problems?(env: RawEnv): string[];
  /** What its FEEDS_FILE entries take from the environment when they do not say. */
  defaults(values: z.output<Variables>): Defaults;
  readonly entries: ReadonlyArray<EntryForm<z.ZodRawShape, Settings, Defaults>>;
  /** The one feed its variables describe, as an entry; undefined: none of them is set. */
  shorthand(values: z.output<Variables>): Shorthand | undefined;
  open(settings: Settings, options: OpenSourceOptions): Promise<OpenedSource>;
  /** What the source says of itself, without serving (`npm run discord:deploy` words its options with it). */
  profile(settings: Settings, options: Pick<OpenSourceOptions, 'dataDir' | 'now' | 'logger'>): Promise<SourceProfile>;
}
