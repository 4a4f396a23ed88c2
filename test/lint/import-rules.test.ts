import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cruiseProbes } from './probe-tree.js';

// The layers of import-layers.js, proven on files that break them: one run of dependency-cruiser
// (the project's config, as `npm run lint` runs it) over all the probes.

const probe = (folder: string) => `${folder}/lint-probe-${randomUUID().slice(0, 8)}.ts`;

const REFUSED = [
  ['the core from the ground floor', probe('src/domain'), "export type { BotCore } from '../core/index.js';\n", 'layer:domain', 'src/core/index.ts'],
  [
    'the simulator from a source',
    probe('src/sources/gtfs'),
    "export { startSimServer } from '../../sim/index.js';\n",
    'layer:sources/*',
    'src/sim/index.ts',
  ],
  [
    'one source from another',
    probe('src/sources/gtfs'),
    "export { createTransitClient } from '../octranspo-v12/client.js';\n",
    'layer:sources/*',
    'src/sources/octranspo-v12/client.ts',
  ],
  [
    'a source from the core',
    probe('src/core'),
    "export { createGtfsSource } from '../sources/gtfs/source.js';\n",
    'layer:core',
    'src/sources/gtfs/source.ts',
  ],
  [
    'the core past its door from a chat adapter',
    probe('src/chat/telegram'),
    "export type { ChatContext } from '../../core/chat-context.js';\n",
    'door:core',
    'src/core/chat-context.ts',
  ],
  [
    'one chat adapter from another',
    probe('src/chat/telegram'),
    "export { createDiscordBot } from '../discord/index.js';\n",
    'layer:chat/*',
    'src/chat/discord/index.ts',
  ],
  [
    'the v1.2 client past its index from the simulator',
    probe('src/sim'),
    "export { createTransitClient } from '../sources/octranspo-v12/client.js';\n",
    'layer:sim',
    'src/sources/octranspo-v12/client.ts',
  ],
  [
    'a source from the live map (main hands it the TransitSource port)',
    probe('src/web'),
    "export { createGtfsSource } from '../sources/gtfs/source.js';\n",
    'layer:web',
    'src/sources/gtfs/source.ts',
  ],
] as const;

const ALLOWED = [
  [
    probe('src/sources/gtfs'),
    "export type { Platform } from '../../domain/chat.js';\nexport { clip } from '../../util/clip.js';\nexport { readCsvTable } from '../../gtfs-format/csv.js';\nexport { fetchCapped } from '../capped-fetch.js';\n",
  ],
  [probe('src/sim'), "export { API_ERROR_CODES } from '../sources/octranspo-v12/index.js';\n"],
  [probe('src/chat/telegram'), "export { createChatPipeline } from '../pipeline.js';\n"],
  [probe('src/chat/console'), "export type { ChatContext } from '../../core/index.js';\n"],
  [probe('src/web'), "export type { RouteMap } from '../domain/route-map.js';\nexport { attempt } from '../util/attempt.js';\n"],
] as const;

const files = [...REFUSED.map(([, file, source]) => [file, source] as const), ...ALLOWED];
let violations: string[] = [];

beforeAll(async () => {
  const { stdout } = await cruiseProbes(files, ['--output-type', 'json']);
  const report = JSON.parse(stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}, 60_000);

const of = (file: string) => violations.filter((line) => line.includes(`: ${file} -> `));

describe('import layers', () => {
  it.each(REFUSED)('refuse %s', (_what, file, _source, rule, to) => {
    expect(of(file)).toEqual([`${rule}: ${file} -> ${to}`]);
  });

  it('let each part import what its row allows', () => {
    for (const [file] of ALLOWED) expect(of(file)).toEqual([]);
  });
});
