// FEEDS_FILE: the transit feeds one bot serves, as a JSON list, read and checked like every other
// setting (every problem at once, by feed and field). Each entry is a preset agency, a GTFS feed
// with its realtime feeds, or the v1.2 API; secrets may be written "$ENV_NAME" so the file can be
// committed without them.
import { z } from 'zod';
import type { FeedEntry, V12Settings } from './sources/open.js';
import { HEADER_VALUE_RULE, isHeaderValue } from './sources/gtfs/settings.js';
import { preset, PRESET_NAMES } from './sources/presets.js';
import { replayInstant } from './domain/clock-start.js';

/** A feed of the list: its id (how riders who know it prefix a stop, "sto 3000"), its agency's name, its source. */
export type FeedSettings = FeedEntry;

export interface FeedDefaults {
  refreshSeconds: number;
  v12: Omit<V12Settings, 'appId' | 'apiKey' | 'baseUrl' | 'stopsFile'>;
}

const FEED_ID = /^[a-z][a-z0-9-]{0,15}$/;
const ENV_REFERENCE = /^\$([A-Za-z_][A-Za-z0-9_]*)$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const text = (max: number) => z.string().trim().min(1, 'a non-empty text').max(max, `at most ${max} characters`);
/** A URL (http or https) or a file path. */
const location = text(2000);
/** A value, or "$NAME" for the environment variable holding it. */
const secret = text(4000);
const headers = z.record(z.string().regex(HEADER_NAME, 'a header name such as Ocp-Apim-Subscription-Key'), secret);
const refreshSeconds = z.number().int().min(5).max(3600);

const common = {
  id: z.string().regex(FEED_ID, 'a short lower-case id: a letter, then letters, digits or - (at most 16), like "sto"'),
  name: text(60),
  attribution: text(1000).optional(),
  refreshSeconds: refreshSeconds.optional(),
  // Replaying captures: this feed's clock starts here, whatever the bot's (CLOCK_START).
  clockStart: replayInstant.optional(),
};
const realtime = {
  tripUpdates: location.optional(),
  vehiclePositions: location.optional(),
  alerts: location.optional(),
  headers: headers.optional(),
};

const PresetEntry = z.strictObject({
  ...common,
  ...realtime,
  preset: z.enum(PRESET_NAMES),
  key: secret.optional(),
  paths: z.enum(['v1', 'beta/v1']).optional(),
});
const GtfsEntry = z.strictObject({ ...common, ...realtime, gtfs: location });
const V12Entry = z.strictObject({
  ...common,
  kind: z.literal('octranspo-v1.2'),
  appId: secret,
  apiKey: secret,
  baseUrl: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
});

export class FeedsFileProblems extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * The file's text -> the feeds, and every secret they hold (for the redactors); or every problem,
 * each naming the feed (its place and id) and the field.
 */
export function readFeedsFile(
  json: string,
  env: Record<string, string | undefined>,
  defaults: FeedDefaults,
): { feeds: FeedSettings[]; secrets: string[] } {
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    throw new FeedsFileProblems([
      'expected JSON: a list of feeds, like [{"id": "oc", "name": "OC Transpo", "preset": "octranspo", "key": "$OC_KEY"}]',
    ]);
  }
  if (!Array.isArray(entries) || entries.length === 0) throw new FeedsFileProblems(['expected a non-empty list of feeds']);
  const problems: string[] = [];
  const secrets: string[] = [];
  const feeds: FeedSettings[] = [];
  entries.forEach((entry, i) => {
    const where = `feed ${i + 1}${typeof (entry as { id?: unknown } | null)?.id === 'string' ? ` ("${(entry as { id: string }).id}")` : ''}`;
    const complain = (field: string, problem: string) => problems.push(`${where}: ${field ? `${field}: ` : ''}${problem}`);
    const resolve = (field: string, value: string): string => {
      const reference = ENV_REFERENCE.exec(value);
      if (reference === null) {
        secrets.push(value);
        return value;
      }
      const found = env[reference[1]!];
      if (found === undefined || found.trim() === '') {
        complain(field, `expected the environment variable ${reference[1]} to be set`);
        return '';
      }
      secrets.push(found.trim());
      return found.trim();
    };
    const feed = feedOf(entry, defaults, complain, resolve);
    if (feed !== undefined) feeds.push(feed);
  });
  const seen = new Set<string>();
  for (const feed of feeds) {
    if (seen.has(feed.id)) problems.push(`feed id "${feed.id}": expected each id once`);
    seen.add(feed.id);
  }
  if (problems.length > 0) throw new FeedsFileProblems(problems);
  return { feeds, secrets };
}

type Complain = (field: string, problem: string) => void;
type Resolve = (field: string, value: string) => string;

function feedOf(entry: unknown, defaults: FeedDefaults, complain: Complain, resolve: Resolve): FeedSettings | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    complain('', 'expected an object with id, name, and preset, gtfs or kind');
    return undefined;
  }
  const schema = 'preset' in entry ? PresetEntry : 'gtfs' in entry ? GtfsEntry : 'kind' in entry ? V12Entry : undefined;
  if (schema === undefined) {
    complain('', 'expected one of "preset" (octranspo, sto, transcollines), "gtfs" (a URL or path) or "kind": "octranspo-v1.2"');
    return undefined;
  }
  const parsed = schema.safeParse(entry);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      complain(
        issue.path.join('.') || 'entry',
        issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : `expected ${issue.message}`,
      );
    return undefined;
  }
  const e = parsed.data;
  const named = {
    id: e.id,
    name: e.name,
    ...(e.attribution !== undefined ? { attribution: e.attribution } : {}),
    ...(e.clockStart !== undefined ? { clockStart: e.clockStart } : {}),
  };
  if ('kind' in e) {
    return {
      ...named,
      source: {
        kind: 'octranspo-v12',
        v12: {
          ...defaults.v12,
          baseUrl: e.baseUrl ?? 'https://api.octranspo1.com',
          appId: resolve('appId', e.appId),
          apiKey: resolve('apiKey', e.apiKey),
        },
      },
    };
  }
  // Sent as a header at every request: a value fetch refuses is refused here, at start, instead.
  const header = (field: string, value: string): string => {
    const resolved = resolve(field, value);
    if (resolved !== '' && !isHeaderValue(resolved)) {
      const variable = ENV_REFERENCE.exec(value)?.[1];
      complain(
        field,
        variable !== undefined ? `expected the environment variable ${variable} to hold ${HEADER_VALUE_RULE}` : `expected ${HEADER_VALUE_RULE}`,
      );
    }
    return resolved;
  };
  const agency = 'preset' in e ? preset(e.preset, e.paths !== undefined ? { paths: e.paths } : {}) : undefined;
  const keyHeaders: Record<string, string> =
    'preset' in e && e.key !== undefined && agency?.keyHeader !== undefined ? { [agency.keyHeader]: header('key', e.key) } : {};
  if ('preset' in e && e.key !== undefined && agency?.keyHeader === undefined)
    complain('key', `expected no key: the ${e.preset} preset sends none (give "headers" with the feeds' addresses)`);
  const given = Object.fromEntries(Object.entries(e.headers ?? {}).map(([name, value]) => [name, header(`headers.${name}`, value)]));
  // A preset's realtime feeds need its key: without one, the preset reads the schedule alone.
  const withKey = Object.keys(keyHeaders).length > 0;
  const tripUpdates = e.tripUpdates ?? (withKey ? agency?.tripUpdates : undefined);
  const vehiclePositions = e.vehiclePositions ?? (withKey ? agency?.vehiclePositions : undefined);
  const alerts = e.alerts ?? (withKey ? agency?.alerts : undefined);
  const attribution = e.attribution ?? agency?.attribution;
  return {
    ...named,
    ...(attribution !== undefined ? { attribution } : {}),
    source: {
      kind: 'gtfs',
      gtfs: {
        scheduleUrl: 'gtfs' in e ? e.gtfs : agency!.schedule,
        ...(tripUpdates !== undefined ? { tripUpdatesUrl: tripUpdates } : {}),
        ...(vehiclePositions !== undefined ? { vehiclePositionsUrl: vehiclePositions } : {}),
        ...(alerts !== undefined ? { alertsUrl: alerts } : {}),
        ...(agency?.disruptionsRss !== undefined ? { rss: { ...agency.disruptionsRss } } : {}),
        headers: { ...keyHeaders, ...given },
        refreshSeconds: e.refreshSeconds ?? defaults.refreshSeconds,
      },
    },
  };
}
