import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cruiseProbes as cruise } from './probe-tree.js';

// `npm run lint` runs dependency-cruiser over src/ with .dependency-cruiser.js: two probe files
// that import each other's types only (the circle ESLint's no-cycle would not see) must fail it.

/** Cruises two probe files, `a` and `b`, in src/domain. */
async function cruiseProbes(source: (name: string) => { a: string; b: string }) {
  const name = `lint-probe-${randomUUID().slice(0, 8)}`;
  const files = { a: `src/domain/${name}-a.ts`, b: `src/domain/${name}-b.ts` };
  const { a, b } = source(name);
  const { code, stdout } = await cruise([
    [files.a, a],
    [files.b, b],
  ]);
  return { files, code, output: stdout };
}

describe('import circles', () => {
  it('fail the check, type-only imports included', async () => {
    const { files, code, output } = await cruiseProbes((name) => ({
      a: `import type { B } from './${name}-b.js';\nexport interface A { b?: B }\n`,
      b: `import type { A } from './${name}-a.js';\nexport interface B { a?: A }\n`,
    }));
    expect(code).not.toBe(0);
    expect(output).toContain(`error no-circular: ${files.a}`);
  });

  it('pass when the imports go one way', async () => {
    const { code } = await cruiseProbes((name) => ({
      a: `import type { B } from './${name}-b.js';\nexport interface A { b?: B }\n`,
      b: 'export interface B { n: number }\n',
    }));
    expect(code).toBe(0);
  });
});
