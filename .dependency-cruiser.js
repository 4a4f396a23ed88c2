// `npm run lint`, after ESLint: who may import whom inside src/ (the layers of import-layers.js),
// which parts may import the libraries of a platform, a database or a wire format (its
// LIBRARIES), the one file through which a part is entered (its DOORS), and no import circles, type-only imports included (a circle of types still ties the parts into
// one).
import { doorRules, layerRules, libraryRules } from './import-layers.js';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules(),
    ...libraryRules(),
    ...doorRules(),
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
