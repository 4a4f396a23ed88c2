import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CHAT_PLATFORMS } from '../../src/chat/platforms.js';
import { loadConfig, secretsOf } from '../../src/config/index.js';
import { location, secret } from '../../src/sources/entry-fields.js';
import { shorthandOf, type EntryForm, type SourceKind } from '../../src/sources/kind.js';
import { SOURCE_KINDS } from '../../src/sources/kinds.js';
import { openFeeds } from '../../src/sources/open.js';
import { optionalText } from '../../src/util/env-values.js';
import { clock, fakeTransit, OTTAWA_PROFILE, route, stopArrivals, trip } from '../core/fakes.js';
import { capturingLogger } from '../pushes/fakes.js';

// A source kind is its folder and one line in a list: this one exists only here. Its FEEDS_FILE
// entries and its environment shorthand are read by the config as the registered kinds' are, and
// its feeds open through the same path.

interface TableSettings {
  kind: 'table';
  table: { url: string; token: string };
}

const fields = { table: location, token: secret };
const form: EntryForm<typeof fields, TableSettings, { prefix: string }> = {
  field: 'table',
  described: '"table" (a timetable URL)',
  fields,
  read: (entry, defaults, context) => ({
    source: { kind: 'table', table: { url: `${defaults.prefix}${entry.table}`, token: context.secret('token', entry.token) } },
  }),
};

const variables = z.object({ TABLE_URL: optionalText, TABLE_TOKEN: optionalText, TABLE_PREFIX: optionalText });
const openedWith: TableSettings[] = [];

const tableKind = {
  name: 'table',
  variables,
  feedVariables: ['TABLE_URL', 'TABLE_TOKEN'],
  defaults: (v) => ({ prefix: v.TABLE_PREFIX ?? '' }),
  entries: [form],
  shorthand: (v) =>
    v.TABLE_URL === undefined
      ? undefined
      : shorthandOf([
          ['table', 'TABLE_URL', v.TABLE_URL],
          ['token', 'TABLE_TOKEN', v.TABLE_TOKEN],
        ]),
  open(settings) {
    openedWith.push(settings);
    const answer = stopArrivals([route('95', [trip(4)])]);
    return Promise.resolve({ source: fakeTransit({ next: { 'next 3017 95': answer } }), close: () => Promise.resolve() });
  },
  profile: () => Promise.resolve(OTTAWA_PROFILE),
} satisfies SourceKind<typeof variables, TableSettings, { prefix: string }>;

const KINDS: readonly SourceKind[] = [...SOURCE_KINDS, tableKind];
const parts = { platforms: CHAT_PLATFORMS, kinds: KINDS };

describe('a source kind registered in a list', () => {
  it('reads its FEEDS_FILE entries and its environment shorthand as one list, and opens it', async () => {
    const file = JSON.stringify([{ id: 'default', table: 'times.json', token: '$TABLE_SECRET' }]);
    const listed = loadConfig({ FEEDS_FILE: 'feeds.json', TABLE_SECRET: 'tt-1', TABLE_PREFIX: 'https://t.example/' }, () => file, parts);
    const shorthand = loadConfig({ TABLE_URL: 'times.json', TABLE_TOKEN: 'tt-1', TABLE_PREFIX: 'https://t.example/' }, () => '', parts);
    expect(shorthand.feeds.list).toEqual(listed.feeds.list);
    expect(shorthand.feeds.list[0]!.source).toEqual({ kind: 'table', table: { url: 'https://t.example/times.json', token: 'tt-1' } });
    expect(secretsOf(shorthand)).toContain('tt-1');

    const feeds = await openFeeds(
      shorthand.feeds.list,
      { dataDir: '/nonexistent', now: clock, logger: capturingLogger().logger, quietRequests: true, folders: shorthand.feeds.folders },
      KINDS,
    );
    expect(openedWith).toEqual([{ kind: 'table', table: { url: 'https://t.example/times.json', token: 'tt-1' } }]);
    expect((await feeds.source.nextTrips('3017', '95')).routes[0]!.trips[0]!.minutesAway).toBe(4);
    await feeds.close();
  });

  it('is named among the forms an entry may take, and its variables are refused beside FEEDS_FILE', () => {
    let problems: string[] = [];
    try {
      loadConfig({ FEEDS_FILE: 'feeds.json', TABLE_URL: 'times.json' }, () => JSON.stringify([{ id: 'x', name: 'X' }]), parts);
    } catch (err) {
      problems = (err as { problems: string[] }).problems;
    }
    expect(problems).toEqual([
      "TABLE_URL: expected to be unset when FEEDS_FILE lists the feeds (give it in the feed's entry instead)",
      'FEEDS_FILE: feed 1 ("x"): expected one of "preset" (octranspo, sto, transcollines), "gtfs" (a URL or path), "kind": "octranspo-v1.2" or "table" (a timetable URL)',
    ]);
  });
});
