import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer table in eslint.config.js, proven on files that break it: each probe is written into
// src/ for one run of ESLint (the project's config, its import rules only) and removed after.

const ROOT = path.resolve(import.meta.dirname, '../..');

// Only the import rules: the type-aware ones would build the whole program for one small file.
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function lintProbe(relativePath: string, source: string): Promise<string[]> {
  const file = path.join(ROOT, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  } finally {
    rmSync(file);
  }
}

const probe = () => `lint-probe-${randomUUID().slice(0, 8)}.ts`;

describe('import rules', () => {
  it('refuses an import of the core from the ground floor', async () => {
    const messages = await lintProbe(`src/domain/${probe()}`, "export type { BotCore } from '../bot/core.js';\n");
    expect(messages).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/bot\/core\.js".* domain may import, inside src\/, only domain \(/),
    ]);
  });

  it('refuses an import of the simulator from a source', async () => {
    const messages = await lintProbe(`src/sources/gtfs/${probe()}`, "export { startSimServer } from '../../sim/index.js';\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/\.\.\/sim\/index\.js".* sources\/gtfs may import/)]);
  });

  it('refuses an import of one source from another', async () => {
    const messages = await lintProbe(`src/sources/gtfs/${probe()}`, "export { createTransitClient } from '../octranspo-v12/client.js';\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*sources\/gtfs may import/)]);
  });

  it('lets a part import what its row allows', async () => {
    const source =
      "export type { Platform } from '../../domain/chat.js';\nexport { clip } from '../../util/clip.js';\nexport { readCsvTable } from '../../gtfs-format/csv.js';\n";
    expect(await lintProbe(`src/sources/gtfs/${probe()}`, source)).toEqual([]);
  });
});
