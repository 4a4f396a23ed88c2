import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Two instances starting on one DATA_DIR create its folder at the same moment: the one whose mkdir
// comes second is told EEXIST, and a folder is what it wanted. A file in the way is still refused.

const race = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    mkdirSync: (path: string) => {
      if (!race.on) return fs.mkdirSync(path);
      // The other process gets there between our look and our mkdir.
      fs.mkdirSync(path);
      throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${path}'`), { code: 'EEXIST' });
    },
  };
});
const { makeFolder } = await import('../../src/util/make-folder.js');

describe('makeFolder', () => {
  const root = mkdtempSync(join(tmpdir(), 'arrivals-make-folder-'));
  afterEach(() => {
    race.on = false;
  });

  it('takes a folder another process made first as made', () => {
    race.on = true;
    makeFolder(join(root, 'a', 'data'));
    expect(existsSync(join(root, 'a', 'data'))).toBe(true);
  });

  it('still refuses a file where the folder goes', () => {
    writeFileSync(join(root, 'file'), '');
    expect(() => makeFolder(join(root, 'file'))).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    rmSync(root, { recursive: true, force: true });
  });
});
