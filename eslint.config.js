// Lint: typescript-eslint's type-aware recommended rules (floating promises, unsafe any, ...)
// over the source, tests and benchmarks; formatting is Prettier's job, so its rules are off here.
// Who may import whom inside src/, and no import circles, are dependency-cruiser's
// (.dependency-cruiser.js over import-layers.js), which `npm run lint` runs after ESLint.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'coverage/', 'data/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  // The live map's page runs in riders' browsers.
  { files: ['src/web/page/**/*.js'], languageOptions: { globals: globals.browser } },
  prettier,
);
