import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cruiseProbes } from './probe-tree.js';

// The libraries of import-layers.js (LIBRARIES), proven on files that import them where they do not
// belong: a platform's library outside its adapter, a driver outside the store, BullMQ outside the
// delivery queue, protobufjs outside the decoders; and a devDependency (installed for tests and
// benches only) anywhere in src/. dependency-cruiser runs with the project's config, as `npm run
// lint` runs it, over all the probes at once.

const id = () => randomUUID().slice(0, 8);
const probe = (folder: string, prefix = '') => `${folder}/${prefix}lint-probe-${id()}.ts`;

const REFUSED = [
  ['grammY in the core', probe('src/core'), "export type { Api } from 'grammy';\n", 'library:grammY', 'grammy'],
  ["grammY's types in the core", probe('src/core'), "export type { Update } from 'grammy/types';\n", 'library:grammY', 'grammy'],
  [
    'a grammY plugin in another adapter',
    probe('src/chat/discord'),
    "export { run } from '@grammyjs/runner';\n",
    'library:grammY',
    '@grammyjs/runner',
  ],
  ['discord.js in the pushes', probe('src/pushes/alerts'), "export { Routes } from 'discord.js';\n", 'library:discord.js', 'discord.js'],
  ['discord.js in the shared chat files', probe('src/chat'), "export type { REST } from 'discord.js';\n", 'library:discord.js', 'discord.js'],
  ['SQLite in the core', probe('src/core'), "export { default } from 'better-sqlite3';\n", 'library:database and Redis drivers', 'better-sqlite3'],
  [
    'a Redis client in a source',
    probe('src/sources/gtfs/realtime'),
    "export { createClient } from '@keyv/redis';\n",
    'library:database and Redis drivers',
    '@keyv/redis',
  ],
  [
    'a Redis client beside the delivery queue',
    probe('src/pushes/delivery'),
    "export { Redis } from 'ioredis';\n",
    'library:database and Redis drivers',
    'ioredis',
  ],
  ['keyv in the pushes', probe('src/pushes/disruptions'), "export type { default } from 'keyv';\n", 'library:database and Redis drivers', 'keyv'],
  ['BullMQ beside the delivery queue', probe('src/pushes/delivery'), "export { Queue } from 'bullmq';\n", 'library:BullMQ', 'bullmq'],
  ['BullMQ in main', 'src/main.ts', "export { Queue } from 'bullmq';\n", 'library:BullMQ', 'bullmq'],
  [
    'protobufjs in a poller',
    probe('src/sources/gtfs/realtime'),
    "export { default } from 'protobufjs/minimal.js';\n",
    'library:protobufjs',
    'protobufjs',
  ],
  ['protobufjs in the simulator', probe('src/sim'), "export { default } from 'protobufjs/light.js';\n", 'library:protobufjs', 'protobufjs'],
  // The tests' reference CSV reader, by a subpath that does not resolve, and a test library that does.
  [
    "the tests' CSV reader in the product",
    probe('src/gtfs-format'),
    "export { parse } from 'csv-parse/sync';\n",
    'not-to-dev-dependency',
    'csv-parse',
  ],
  ['a test library in the product', probe('src/util'), "export { default } from 'fast-check';\n", 'not-to-dev-dependency', 'fast-check'],
] as const;

const ALLOWED = [
  [
    probe('src/chat/telegram/features'),
    "export type { Api } from 'grammy';\nexport { run } from '@grammyjs/runner';\nexport type { Update } from 'grammy/types';\n",
  ],
  [probe('src/chat/discord'), "export { Routes } from 'discord.js';\n"],
  [
    probe('src/store'),
    "export { default as Database } from 'better-sqlite3';\nexport type { default as Keyv } from 'keyv';\nexport { createClient } from '@keyv/redis';\n",
  ],
  [probe('src/sources/gtfs/static', 'db-'), "export { default } from 'better-sqlite3';\n"],
  // The delivery queue's own file, replaced in the copy of the tree.
  ['src/pushes/delivery/bull-queue.ts', "export { Queue, Worker } from 'bullmq';\n"],
  [probe('src/gtfs-format'), "export { default } from 'protobufjs/light.js';\n"],
  [probe('src/sources/gtfs/realtime', 'alerts-decode-'), "export { default } from 'protobufjs/minimal.js';\n"],
] as const;

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let violations: Violation[] = [];

beforeAll(async () => {
  const files = [...REFUSED.map(([, file, source]) => [file, source] as const), ...ALLOWED];
  const { stdout } = await cruiseProbes(files, ['--output-type', 'json']);
  violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

const of = (file: string) => violations.filter((v) => v.from === file);

describe('libraries in their parts', () => {
  it.each(REFUSED)('refuse %s', (_what, file, _source, rule, library) => {
    const found = of(file);
    expect(found.map((v) => v.rule.name)).toEqual([rule]);
    // Resolved under node_modules, or the bare name when it does not resolve (grammy/types).
    expect(found[0]!.to).toMatch(new RegExp(`(^|node_modules/)${library.replace('.', '\\.')}(/|$)`));
  });

  it('let each library be imported in its own parts', () => {
    for (const [file] of ALLOWED) expect(of(file)).toEqual([]);
  });

  it('fail `npm run lint` when a core file imports grammY', async () => {
    const file = probe('src/core');
    const { code, stdout } = await cruiseProbes([[file, "import { Bot } from 'grammy';\nexport const make = (token: string) => new Bot(token);\n"]]);
    expect(code).not.toBe(0);
    expect(stdout).toContain(`error library:grammY: ${file}`);
  }, 60_000);
});
