import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// dependency-cruiser, with the project's config, over probe files that break (or keep) the import
// rules, in a copy of the project's tree: probes written into src/ itself were read by any lint
// or type check running meanwhile, and stayed there when a test run was killed.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const COPIED = ['src', 'package.json', 'tsconfig.json', '.dependency-cruiser.js', 'import-layers.js'];

/** Runs dependency-cruiser on the probes (paths relative to the project, "src/domain/x.ts"), each written with its source. */
export async function cruiseProbes(
  probes: ReadonlyArray<readonly [file: string, source: string]>,
  options: string[] = [],
): Promise<{ code: number; stdout: string }> {
  const tree = mkdtempSync(path.join(tmpdir(), 'lint-probes-'));
  try {
    for (const entry of COPIED) cpSync(path.join(ROOT, entry), path.join(tree, entry), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
    for (const [file, source] of probes) writeFileSync(path.join(tree, file), source);
    const { stdout } = await promisify(execFile)(process.execPath, [DEPCRUISE, ...options, ...probes.map(([file]) => file)], { cwd: tree });
    return { code: 0, stdout };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '' };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
