import { z } from 'zod';
import { isSet, optionalText, positiveInt, type RawEnv } from '../../util/env-values.js';
import { headers, location, secret, type EntryOf } from '../entry-fields.js';
import { shorthandOf, type EntryContext, type EntryForm, type ReadFeed, type SourceKind } from '../kind.js';
import { preset, PRESET_NAMES, type Preset } from '../presets.js';
import { openGtfsFeed, type GtfsFeedSettings } from './open-feed.js';
import { parseHeaders } from './settings.js';

// The GTFS source as one registered kind: a static schedule with its GTFS-Realtime feeds, given
// by address ("gtfs") or by an agency the bot knows ("preset"). GTFS_URL, or OC Transpo's
// OCTRANSPO_SUBSCRIPTION_KEY, is the environment's shorthand for a list of one such feed.

export interface GtfsSourceSettings {
  kind: 'gtfs';
  gtfs: GtfsFeedSettings;
}

interface GtfsDefaults {
  refreshSeconds: number;
}

const variables = z.object({
  // A URL or a file path each.
  GTFS_URL: optionalText,
  GTFS_RT_TRIP_UPDATES_URL: optionalText,
  GTFS_RT_ALERTS_URL: optionalText,
  GTFS_RT_VEHICLE_POSITIONS_URL: optionalText,
  GTFS_RT_HEADERS: optionalText,
  GTFS_RT_REFRESH_SECONDS: positiveInt(30),
  OCTRANSPO_SUBSCRIPTION_KEY: optionalText,
});

const REALTIME_VARIABLES = ['GTFS_RT_TRIP_UPDATES_URL', 'GTFS_RT_ALERTS_URL', 'GTFS_RT_VEHICLE_POSITIONS_URL', 'GTFS_RT_HEADERS'] as const;

const realtime = {
  tripUpdates: location.optional(),
  vehiclePositions: location.optional(),
  alerts: location.optional(),
  headers: headers.optional(),
};
const presetFields = {
  ...realtime,
  preset: z.enum(PRESET_NAMES),
  key: secret.optional(),
  // A signing preset's (STO's) private key: never sent, only signatures made with it.
  privateKey: secret.optional(),
  paths: z.enum(['v1', 'beta/v1']).optional(),
  // The preset's schedule at another address (a mirror, a recorded copy).
  gtfs: location.optional(),
};
const addressFields = { ...realtime, gtfs: location };

type Realtime = Pick<EntryOf<typeof addressFields>, 'tripUpdates' | 'vehiclePositions' | 'alerts' | 'headers' | 'refreshSeconds'>;

/** A feed's settings from its addresses; the headers given beside a preset's key, its signing keys, or why it reads its schedule alone. */
function feedOf(
  schedule: string,
  entry: Realtime,
  keyHeaders: Record<string, string>,
  defaults: GtfsDefaults,
  context: EntryContext,
  preset: Pick<GtfsFeedSettings, 'signing' | 'scheduleOnly'> = {},
): GtfsSourceSettings {
  const given = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([name, value]) => [name, context.header(`headers.${name}`, value)]));
  return {
    kind: 'gtfs',
    gtfs: {
      scheduleUrl: schedule,
      ...(entry.tripUpdates !== undefined ? { tripUpdatesUrl: entry.tripUpdates } : {}),
      ...(entry.vehiclePositions !== undefined ? { vehiclePositionsUrl: entry.vehiclePositions } : {}),
      ...(entry.alerts !== undefined ? { alertsUrl: entry.alerts } : {}),
      headers: { ...keyHeaders, ...given },
      refreshSeconds: entry.refreshSeconds ?? defaults.refreshSeconds,
      ...preset,
    },
  };
}

const addressForm: EntryForm<typeof addressFields, GtfsSourceSettings, GtfsDefaults> = {
  field: 'gtfs',
  described: '"gtfs" (a URL or path)',
  fields: addressFields,
  read: (entry, defaults, context) => ({ source: feedOf(entry.gtfs, entry, {}, defaults, context) }),
};

/** A signing preset's keys (STO's): both or none; neither belongs to another preset. */
function signingOf(entry: EntryOf<typeof presetFields>, agency: Preset, context: EntryContext): GtfsFeedSettings['signing'] {
  if (agency.signed !== true) {
    if (entry.privateKey !== undefined) context.complain('privateKey', `expected no privateKey: the ${entry.preset} preset signs no request`);
    return undefined;
  }
  if (entry.key === undefined && entry.privateKey === undefined) return undefined;
  if (entry.key === undefined || entry.privateKey === undefined) {
    const missing = entry.key === undefined ? 'key' : 'privateKey';
    context.complain(missing, `expected "${missing}" too: the ${entry.preset} preset signs each request with "key" and "privateKey"`);
    return undefined;
  }
  return { key: context.secret('key', entry.key), privateKey: context.secret('privateKey', entry.privateKey) };
}

const presetForm: EntryForm<typeof presetFields, GtfsSourceSettings, GtfsDefaults> = {
  field: 'preset',
  described: `"preset" (${PRESET_NAMES.join(', ')})`,
  fields: presetFields,
  read(entry, defaults, context) {
    const agency: Preset = preset(entry.preset, entry.paths !== undefined ? { paths: entry.paths } : {});
    const keyHeaders: Record<string, string> =
      entry.key !== undefined && agency.keyHeader !== undefined ? { [agency.keyHeader]: context.header('key', entry.key) } : {};
    if (entry.key !== undefined && agency.keyHeader === undefined && agency.signed !== true)
      context.complain('key', `expected no key: the ${entry.preset} preset sends none (give "headers" with the feeds' addresses)`);
    const signing = signingOf(entry, agency, context);
    // A preset's realtime feeds need its key: without one, the preset reads the schedule alone.
    const withKey = Object.keys(keyHeaders).length > 0 || signing !== undefined;
    const tripUpdates = entry.tripUpdates ?? (withKey ? agency.tripUpdates : undefined);
    const vehiclePositions = entry.vehiclePositions ?? (withKey ? agency.vehiclePositions : undefined);
    const alerts = entry.alerts ?? (withKey ? agency.alerts : undefined);
    const keysNeeded = agency.signed === true ? '"key" and "privateKey"' : '"key"';
    const scheduleOnly =
      !withKey && tripUpdates === undefined && agency.tripUpdates !== undefined
        ? `the ${entry.preset} preset reads its schedule alone: its realtime feeds need ${keysNeeded}${agency.keysFrom !== undefined ? ` (from ${agency.keysFrom})` : ''}`
        : undefined;
    const source = feedOf(entry.gtfs ?? agency.schedule, { ...entry, tripUpdates, vehiclePositions, alerts }, keyHeaders, defaults, context, {
      ...(signing !== undefined ? { signing } : {}),
      ...(scheduleOnly !== undefined ? { scheduleOnly } : {}),
    });
    const rss = agency.disruptionsRss;
    return {
      source,
      ...(agency.attribution !== undefined ? { attribution: agency.attribution } : {}),
      ...(rss !== undefined ? { disruptions: [{ kind: 'octranspo-rss', ...rss, refreshSeconds: source.gtfs.refreshSeconds }] } : {}),
    } satisfies ReadFeed<GtfsSourceSettings>;
  },
};

export const gtfsKind = {
  name: 'gtfs' as const,
  variables,
  feedVariables: ['GTFS_URL', ...REALTIME_VARIABLES, 'OCTRANSPO_SUBSCRIPTION_KEY'],
  problems(env: RawEnv) {
    const problems: string[] = [];
    const gtfs = isSet(env.GTFS_URL) || isSet(env.OCTRANSPO_SUBSCRIPTION_KEY);
    for (const name of REALTIME_VARIABLES) {
      if (isSet(env[name]) && !gtfs) problems.push(`${name}: expected GTFS_URL (or OCTRANSPO_SUBSCRIPTION_KEY) to be set too`);
    }
    if (isSet(env.GTFS_RT_HEADERS)) problems.push(...parseHeaders(env.GTFS_RT_HEADERS).problems.map((p) => `GTFS_RT_HEADERS: expected ${p}`));
    return problems;
  },
  defaults: (v) => ({ refreshSeconds: v.GTFS_RT_REFRESH_SECONDS }),
  // A preset names its agency even beside an address of its schedule: it is read first.
  entries: [presetForm, addressForm],
  shorthand(v) {
    const key = v.OCTRANSPO_SUBSCRIPTION_KEY;
    if (key === undefined && v.GTFS_URL === undefined) return undefined;
    const given = parseHeaders(v.GTFS_RT_HEADERS ?? '').headers;
    return shorthandOf([
      // OC Transpo's key selects OC Transpo, on the realtime path this setting has always read.
      ['preset', 'OCTRANSPO_SUBSCRIPTION_KEY', key !== undefined ? 'octranspo' : undefined],
      ['paths', 'OCTRANSPO_SUBSCRIPTION_KEY', key !== undefined ? 'beta/v1' : undefined],
      ['key', 'OCTRANSPO_SUBSCRIPTION_KEY', key],
      ['gtfs', 'GTFS_URL', v.GTFS_URL],
      ['tripUpdates', 'GTFS_RT_TRIP_UPDATES_URL', v.GTFS_RT_TRIP_UPDATES_URL],
      ['vehiclePositions', 'GTFS_RT_VEHICLE_POSITIONS_URL', v.GTFS_RT_VEHICLE_POSITIONS_URL],
      ['alerts', 'GTFS_RT_ALERTS_URL', v.GTFS_RT_ALERTS_URL],
      ['headers', 'GTFS_RT_HEADERS', Object.keys(given).length > 0 ? given : undefined],
    ]);
  },
  async open(settings, options) {
    const feed = await openGtfsFeed(settings.gtfs, options);
    return { source: feed.transit, stops: feed.stops, close: () => feed.transit.close() };
  },
  async profile(settings, options) {
    // The schedule already imported, if any; nothing is downloaded.
    const feed = await openGtfsFeed(settings.gtfs, { ...options, refresh: false });
    try {
      return feed.transit.profile();
    } finally {
      await feed.transit.close();
    }
  },
} satisfies SourceKind<typeof variables, GtfsSourceSettings, GtfsDefaults>;
