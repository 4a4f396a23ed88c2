// `npm run lint`, after ESLint: who may import whom inside src/ (the layers of import-layers.js),
// which parts may import the libraries of a platform, a database or a wire format (its
// LIBRARIES), the one file through which a part is entered (its DOORS), that src/ imports no
// devDependency (production installs without them), and no import circles, type-only imports
// included (a circle of types still ties the parts into one).
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import { doorRules, layerRules, libraryRules } from './import-layers.js';

/** The devDependencies but type packages (their imports vanish from the build), as patterns. */
const devPackages = Object.keys(JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).devDependencies)
  .filter((name) => !name.startsWith('@types/'))
  .map((name) => name.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules(),
    ...libraryRules(),
    ...doorRules(),
    {
      name: 'not-to-dev-dependency',
      severity: 'error',
      comment:
        'A devDependency is not installed in production (npm ci --omit=dev): move the package to dependencies, or keep it to tests and benches.',
      from: { path: '^src/' },
      // By name: an import of a package's subpath (csv-parse/sync) may not resolve, and then has no dependency type.
      to: { path: `(^|node_modules/)(${devPackages.join('|')})(/|$)` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break the circle: move what both sides need to the lower part (often src/domain).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
