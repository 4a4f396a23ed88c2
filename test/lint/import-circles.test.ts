import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// `npm run lint` runs dependency-cruiser over src/ with .dependency-cruiser.js: two probe files
// that import each other's types only (the circle ESLint's no-cycle would not see) must fail it.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

async function cruise(files: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [DEPCRUISE, ...files], { cwd: ROOT });
    return { code: 0, output: stdout };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, output: failed.stdout ?? '' };
  }
}

/** Cruises two probe files, `a` and `b`, written into src/domain for the run and removed after. */
async function cruiseProbes(source: (name: string) => { a: string; b: string }) {
  const name = `lint-probe-${randomUUID().slice(0, 8)}`;
  const files = { a: `src/domain/${name}-a.ts`, b: `src/domain/${name}-b.ts` };
  const { a, b } = source(name);
  writeFileSync(path.join(ROOT, files.a), a);
  writeFileSync(path.join(ROOT, files.b), b);
  try {
    return { files, ...(await cruise([files.a, files.b])) };
  } finally {
    rmSync(path.join(ROOT, files.a));
    rmSync(path.join(ROOT, files.b));
  }
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
