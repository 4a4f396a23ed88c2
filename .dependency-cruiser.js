// `npm run lint`, after ESLint: no import circles inside src/, type-only imports included (ESLint's
// import-x/no-cycle skips those, and a circle of types still ties the parts into one). Who may
// import whom is ESLint's (eslint.config.js).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
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
