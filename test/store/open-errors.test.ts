// Defect 11: a store that cannot open is one clear line at start (main prints it and exits 1),
// never a crash on an unhandled rejection, and never a change to the rider's data on disk.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE, StoreError, openStore } from '../../src/store/index.js';
import { killLeftoverChildren, openInChild } from './children.js';

const roots: string[] = [];
afterEach(() => {
  killLeftoverChildren();
  for (const root of roots.splice(0)) {
    chmodSync(root, 0o755);
    for (const entry of readdirSync(root)) chmodSync(join(root, entry), 0o755);
    rmSync(root, { recursive: true, force: true });
  }
});

/** A folder other users can reach (the unwritable cases run as another user when we are root). */
function freshRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'arrivals-open-'));
  chmodSync(root, 0o755);
  roots.push(root);
  return root;
}

/** Not a database: SQLite checks the 16-byte header "SQLite format 3\0". */
const CORRUPT = Buffer.concat([Buffer.from('This is not SQLite, but a rider would want it kept.\n'), Buffer.alloc(4000, 0xab)]);

async function openFailure(dataDir: string): Promise<StoreError> {
  const err = await openStore({ dataDir, namespace: 'open-test' }).then(
    async (store) => {
      await store.close();
      throw new Error('the store opened');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StoreError);
  expect((err as StoreError).message).not.toContain('\n');
  expect((err as StoreError).cause).toBeDefined();
  return err as StoreError;
}

/** Runs as nobody when we are root: root writes anywhere, so permissions would prove nothing. */
const otherUser = process.getuid?.() === 0 ? 65534 : undefined;

describe('opening SQLite', () => {
  it('refuses a file that is not a database, leaving its bytes as they were', async () => {
    const dataDir = freshRoot();
    const file = join(dataDir, SQLITE_FILE);
    writeFileSync(file, CORRUPT);
    expect((await openFailure(dataDir)).message).toBe(`cannot open ${file}: file is not a database`);
    expect(readFileSync(file).equals(CORRUPT)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([SQLITE_FILE]);
  });

  it('says so in one line, with no stack and no unhandled rejection, in a process of its own', async () => {
    const dataDir = freshRoot();
    const file = join(dataDir, SQLITE_FILE);
    writeFileSync(file, CORRUPT);
    const run = await openInChild({ kind: 'open', store: { dataDir } });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 0,
      stdout: [`StoreError: cannot open ${file}: file is not a database`],
      stderr: '',
    });
    expect(readFileSync(file).equals(CORRUPT)).toBe(true);
  });

  it('refuses a folder where the file should be', async () => {
    const dataDir = freshRoot();
    const file = join(dataDir, SQLITE_FILE);
    mkdirSync(file);
    writeFileSync(join(file, 'keep.txt'), 'x');
    expect((await openFailure(dataDir)).message).toBe(`cannot open ${file}: a folder is in the way where the file should be`);
    expect(readdirSync(file)).toEqual(['keep.txt']);
  });

  it('refuses a DATA_DIR that is a file', async () => {
    const dataDir = join(freshRoot(), 'data');
    writeFileSync(dataDir, 'not a folder');
    expect((await openFailure(dataDir)).message).toBe(
      `cannot open ${join(dataDir, SQLITE_FILE)}: cannot create its folder ${dataDir} (a file is in the way)`,
    );
    expect(readFileSync(dataDir, 'utf8')).toBe('not a folder');
  });

  it('refuses an unwritable DATA_DIR where the file does not exist yet, creating nothing', async () => {
    const dataDir = join(freshRoot(), 'data');
    mkdirSync(dataDir, { mode: 0o555 });
    chmodSync(dataDir, 0o555);
    const run = await openInChild({ kind: 'open', store: { dataDir } }, otherUser);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 0,
      stdout: [`StoreError: cannot open ${join(dataDir, SQLITE_FILE)}: its folder ${dataDir} is not writable, so the file cannot be created`],
      stderr: '',
    });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a file it may not write, at start, leaving its bytes as they were', async () => {
    const dataDir = join(freshRoot(), 'data');
    const first = await openStore({ dataDir, namespace: 'open-test' });
    await first.keyv.set('chat:telegram:1:lang', 'fr');
    await first.close();
    const file = join(dataDir, SQLITE_FILE);
    // Not ours (when we are root) and not writable (when we are not).
    if (otherUser !== undefined) chownSync(file, 0, 0);
    chmodSync(file, 0o444);
    const before = readFileSync(file);
    const run = await openInChild({ kind: 'open', store: { dataDir, namespace: 'open-test' } }, otherUser);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 0,
      stdout: [`StoreError: cannot open ${file}: the file is not writable (permission denied)`],
      stderr: '',
    });
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a DATA_DIR where the file system takes no folders (/proc), in one line, without spinning', async () => {
    // Node's recursive mkdir retries such a folder for ever, holding the event loop (SIGTERM unheard).
    for (const dataDir of ['/proc/arrivals-bot-test/data', '/dev/fd/arrivals-bot-test']) {
      const run = await openInChild({ kind: 'open', store: { dataDir } });
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
        code: 0,
        stdout: [
          `StoreError: cannot open ${join(dataDir, SQLITE_FILE)}: cannot create its folder ${dataDir} (the file system there takes no new folders)`,
        ],
        stderr: '',
      });
    }
  });

  it('creates the folder and file on first start', async () => {
    const dataDir = join(freshRoot(), 'nested', 'data');
    const store = await openStore({ dataDir });
    await store.close();
    expect(existsSync(join(dataDir, SQLITE_FILE))).toBe(true);
  });
});

describe('opening Redis', () => {
  it('says in one line that nothing answers at the URL', async () => {
    const err = await openStore({ dataDir: freshRoot(), redisUrl: 'redis://127.0.0.1:1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).message).toBe('cannot reach Redis at redis://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('gives up on a server that accepts connections but never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const err = await openStore({ dataDir: freshRoot(), redisUrl: `redis://127.0.0.1:${port}` }).catch((e: unknown) => e);
      expect((err as StoreError).message).toBe(`cannot reach Redis at redis://127.0.0.1:${port}: no answer within 5 s`);
    } finally {
      silent.close();
    }
  });

  it('keeps a password in the URL out of the message', async () => {
    const err = await openStore({ dataDir: freshRoot(), redisUrl: 'redis://user:hunter2@127.0.0.1:1/0' }).catch((e: unknown) => e);
    expect((err as StoreError).message).toMatch(/^cannot reach Redis at redis:\/\/127\.0\.0\.1:1: /);
    expect((err as StoreError).message).not.toContain('hunter2');
  });

  it('says so in one line, with no stack and no unhandled rejection, in a process of its own', async () => {
    const run = await openInChild({ kind: 'open', store: { dataDir: freshRoot(), redisUrl: 'redis://127.0.0.1:1' } });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 0,
      stdout: ['StoreError: cannot reach Redis at redis://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1'],
      stderr: '',
    });
  });
});
