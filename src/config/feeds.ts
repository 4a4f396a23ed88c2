import type { EntryContext, SourceKind } from '../sources/kind.js';
import type { FeedEntry } from '../sources/kinds.js';
import { octranspoV12Kind, type V12Defaults } from '../sources/octranspo-v12/kind.js';
import { HEADER_VALUE_RULE, isHeaderValue } from '../sources/gtfs/settings.js';
import { isSet, type RawEnv } from '../util/env-values.js';
import { readFeedEntry } from './feed-entry.js';

// The feeds one bot serves, one list whatever gave it: FEEDS_FILE, a JSON list read and checked
// like every other setting (every problem at once, by feed and field; secrets written "$ENV_NAME"
// so the file can be committed without them); or the environment's shorthand for a list of one
// feed (GTFS_URL, OCTRANSPO_SUBSCRIPTION_KEY, OC_APP_ID...), read through the same entry forms;
// or, with neither, none: the embedded demo serves.

export interface FeedsConfig {
  list: FeedEntry[];
  /** Every secret the feeds hold, for the redactors. */
  secrets: string[];
  /**
   * Where each feed keeps its data: under DATA_DIR/feeds/<id> (FEEDS_FILE), or in DATA_DIR itself
   * (the environment's one feed, where a bot of one source has always kept its schedule).
   */
  folders: 'per-feed' | 'shared';
  /** No feed set: the embedded demo, a v1.2 server main starts, is asked as these say. */
  demo?: V12Defaults & { stopsFile?: string };
}

/** The environment's one feed is listed under this id (its status and metrics' label, as before lists). */
export const SHORTHAND_FEED_ID = 'default';

/** Reads a settings file (FEEDS_FILE); tests pass their own. */
export type ReadSettingsFile = (path: string) => string;

export interface FeedsSources {
  env: RawEnv;
  /** Each kind's variables, checked. */
  values: ReadonlyMap<SourceKind, Record<string, unknown>>;
  feedsFile?: string;
  readFile: ReadSettingsFile;
  kinds: readonly SourceKind[];
}

const ENV_REFERENCE = /^\$([A-Za-z_][A-Za-z0-9_]*)$/;

/** The feeds; their problems join `problems`, each under the variable that gave it. */
export function readFeeds(sources: FeedsSources, problems: string[]): FeedsConfig | undefined {
  const defaults = new Map([...sources.values].map(([kind, values]) => [kind.name, kind.defaults(values)]));
  if (sources.feedsFile !== undefined) {
    for (const kind of sources.kinds)
      for (const name of kind.feedVariables)
        if (isSet(sources.env[name]))
          problems.push(`${name}: expected to be unset when FEEDS_FILE lists the feeds (give it in the feed's entry instead)`);
    return fromFile(sources.feedsFile, sources, defaults, problems);
  }
  for (const [kind, values] of sources.values) {
    const shorthand = kind.shorthand(values);
    if (shorthand === undefined) continue;
    const secrets: string[] = [];
    const complain = (field: string, problem: string) => problems.push(`${shorthand.variables[field.split('.')[0]!] ?? 'environment'}: ${problem}`);
    const context = entryContext(secrets, complain, (_field, value) => value);
    const feed = readFeedEntry({ id: SHORTHAND_FEED_ID, ...shorthand.entry }, sources.kinds, defaults, context);
    return feed !== undefined ? { list: [feed], secrets, folders: 'shared' } : undefined;
  }
  return { list: [], secrets: [], folders: 'shared', demo: demoOf(sources.env) };
}

/** The demo speaks v1.2: its variables still say how it is asked, and GTFS_STOPS_FILE which stops it searches. */
function demoOf(env: RawEnv): FeedsConfig['demo'] {
  const v12 = octranspoV12Kind.variables.safeParse(env);
  if (!v12.success) return undefined;
  const stopsFile = v12.data.GTFS_STOPS_FILE;
  return { ...octranspoV12Kind.defaults(v12.data), ...(stopsFile !== undefined ? { stopsFile } : {}) };
}

/** A secret's value as `resolve` reads it, counted; a header value fetch cannot send, a problem. */
function entryContext(secrets: string[], complain: EntryContext['complain'], resolve: (field: string, value: string) => string): EntryContext {
  const secret = (field: string, value: string) => {
    const resolved = resolve(field, value);
    if (resolved !== '') secrets.push(resolved);
    return resolved;
  };
  return {
    secret,
    // Sent as a header at every request: a value fetch refuses is refused here, at start, instead.
    header(field, value) {
      const resolved = secret(field, value);
      if (resolved !== '' && !isHeaderValue(resolved)) {
        const variable = ENV_REFERENCE.exec(value)?.[1];
        complain(
          field,
          variable !== undefined ? `expected the environment variable ${variable} to hold ${HEADER_VALUE_RULE}` : `expected ${HEADER_VALUE_RULE}`,
        );
      }
      return resolved;
    },
    complain,
  };
}

/** FEEDS_FILE's list; each problem under its name, by feed and field. */
function fromFile(path: string, sources: FeedsSources, defaults: ReadonlyMap<string, unknown>, problems: string[]): FeedsConfig | undefined {
  const problem = (text: string) => problems.push(`FEEDS_FILE: ${text}`);
  let json: string;
  try {
    json = sources.readFile(path);
  } catch (err) {
    problem(`expected a readable file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    return undefined;
  }
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    problem('expected JSON: a list of feeds, like [{"id": "oc", "name": "OC Transpo", "preset": "octranspo", "key": "$OC_KEY"}]');
    return undefined;
  }
  if (!Array.isArray(entries) || entries.length === 0) {
    problem('expected a non-empty list of feeds');
    return undefined;
  }
  const before = problems.length;
  const secrets: string[] = [];
  const list: FeedEntry[] = [];
  entries.forEach((entry: unknown, i) => {
    const id = (entry as { id?: unknown } | null)?.id;
    const where = `feed ${i + 1}${typeof id === 'string' ? ` ("${id}")` : ''}`;
    const complain = (field: string, text: string) => problem(`${where}: ${field ? `${field}: ` : ''}${text}`);
    // "$NAME": the environment variable's value, so that the file holds no secret.
    const resolve = (field: string, value: string): string => {
      const reference = ENV_REFERENCE.exec(value);
      if (reference === null) return value;
      const found = sources.env[reference[1]!];
      if (!isSet(found)) {
        complain(field, `expected the environment variable ${reference[1]} to be set`);
        return '';
      }
      return found.trim();
    };
    const feed = readFeedEntry(entry, sources.kinds, defaults, entryContext(secrets, complain, resolve));
    if (feed === undefined) return;
    // Riders of several agencies read each one's name beside its stops.
    if (feed.name === undefined && entries.length > 1) complain('name', 'expected the agency riders know it by, when several feeds are listed');
    list.push(feed);
  });
  const seen = new Set<string>();
  for (const feed of list) {
    if (seen.has(feed.id)) problem(`feed id "${feed.id}": expected each id once`);
    seen.add(feed.id);
  }
  return problems.length > before ? undefined : { list, secrets, folders: 'per-feed' };
}
