// Lint: typescript-eslint's type-aware recommended rules (floating promises, unsafe any, ...)
// over the source, tests and benchmarks; formatting is Prettier's job, so its rules are off here.
// Inside src/, who may import whom: the table below, with import-x. Import circles are
// dependency-cruiser's (.dependency-cruiser.js), which counts type-only imports too.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Who may import whom inside src/ (libraries are not checked). Every part may import itself; a
// part ending in `/*` is each folder there on its own (a source never imports another source, a
// chat adapter never another adapter). Where two rows match a file, the later one decides.
// main.ts and config.ts wire the parts together and may import anything.
// prettier-ignore
const PARTS = [
  // part                         may import
  ['domain',                      []],
  ['util',                        []],
  ['log.ts',                      []],
  ['gtfs-format',                 ['domain', 'util']],
  ['stops',                       ['domain', 'gtfs-format', 'util']],
  // The stop index is a library below the sources: the GTFS source builds one from its stops.
  ['sources/*',                   ['domain', 'util', 'gtfs-format', 'log.ts', 'stops', 'sources/*.ts']],
  // Directly under sources/: helpers the sources share, and the one place that opens them.
  ['sources/*.ts',                ['domain', 'util', 'gtfs-format', 'log.ts', 'stops', 'sources']],
  ['store',                       ['domain', 'util', 'log.ts']],
  ['bot',                         ['domain', 'util', 'log.ts']],
  ['metrics',                     ['domain', 'util', 'log.ts']],
  ['alerts',                      ['domain', 'bot', 'util', 'log.ts', 'metrics']],
  ['chat/*.ts',                   ['bot', 'domain', 'util', 'log.ts']],
  ['chat/*',                      ['chat/*.ts', 'bot', 'domain', 'util', 'log.ts']],
  // A program of its own (`npm run discord:deploy`): it reads the config and the source's profile as main does.
  ['chat/discord/deploy-cli.ts',  ['chat/discord', 'chat/*.ts', 'bot', 'domain', 'util', 'log.ts', 'config.ts', 'sources/open.ts']],
  // The simulator imitates the v1.2 API: it shares that source's wire definitions (its index).
  ['sim',                         ['domain', 'gtfs-format', 'util', 'log.ts', 'stops', 'sources/octranspo-v12/index.ts']],
];

const SRC = path.join(import.meta.dirname, 'src');

/** A part's paths under src/: itself, or the files a `dir/*.ts` names today. */
function pathsOf(part) {
  if (!part.endsWith('*.ts')) return [part];
  const dir = path.dirname(part);
  return readdirSync(path.join(SRC, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${dir}/${name}`);
}

/** `sources/*` -> `sources/gtfs`, `sources/octranspo-v12`, ...; any other part as it is. */
function eachFolder(part) {
  if (!part.endsWith('/*')) return [part];
  const parent = part.slice(0, -2);
  return readdirSync(path.join(SRC, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);
}

/** One config object: `files` (of `part`) may import, inside src/, only `part` itself and `allowed`. */
function mayImport(part, files, allowed) {
  const except = [part, ...allowed].flatMap(pathsOf).map((p) => `./${p}`);
  const message = `${part} may import, inside src/, only ${[part, ...allowed].join(', ')} (eslint.config.js).`;
  const zone = { target: files.flatMap(pathsOf).map((p) => path.join(SRC, p)), from: SRC, except, message };
  return {
    files: files.map((file) => (file.endsWith('.ts') ? `src/${file}` : `src/${file}/**/*.ts`)),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [zone] }] },
  };
}

const rows = PARTS.flatMap(([part, allowed]) => eachFolder(part).map((one) => [one, allowed]));
const importRules = rows.map(([part, allowed]) => mayImport(part, [part], allowed));

export default tseslint.config(
  { ignores: ['node_modules/', 'coverage/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    // NodeNext: `./x.js` in the source names `./x.ts`.
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })] },
  },
  ...importRules,
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
);
