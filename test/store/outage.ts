// A store whose backend can be made to fail mid-test. Redis: the store talks to the machine's
// Redis through a local TCP relay, and cutting the relay is an outage. SQLite: the connections are
// closed under the store (there is no server to lose).
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_FILE, type Store } from '../../src/store/index.js';
import type { BackendUnderTest } from './backends.js';
import type { Logger } from '../../src/log.js';
import { REDIS_URL } from '../support/redis.js';

export async function outage(backend: BackendUnderTest, logger?: Logger): Promise<{ store: Store; cut: () => Promise<void> }> {
  const extra = logger !== undefined ? { logger } : {};
  if (backend.name === 'sqlite') {
    const store = await backend.open(extra);
    return { store, cut: () => store.close() };
  }
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const relay = createServer((inbound) => {
    const outbound = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as { port: number };
  const relayed = new URL(REDIS_URL);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  const store = await backend.open({ ...extra, redisUrl: relayed.toString() });
  return {
    store,
    async cut() {
      relay.close();
      for (const socket of sockets) socket.destroy();
      // Let the client notice the closed socket.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

/**
 * A store whose writes of the records whose key holds `keyPart` (subscriptions by default) fail, as
 * a full disk or a cut connection would at that moment, while every other write goes through.
 * SQLite: a trigger refusing the row. Redis: the relay drops the connection when a plain SET of
 * such a record, or an MSET naming one, comes through. `heal` ends it.
 */
export async function failingRecordWrites(
  backend: BackendUnderTest,
  options: { keyPart?: string; logger?: Logger } = {},
): Promise<{ store: Store; heal: () => Promise<void> }> {
  const { keyPart = ':sub:', logger } = options;
  const extra = logger !== undefined ? { logger } : {};
  if (backend.name === 'sqlite') {
    const store = await backend.open(extra);
    const db = new Database(join(backend.options().dataDir, SQLITE_FILE), { timeout: 5_000 });
    db.exec(
      `CREATE TRIGGER refuse_records BEFORE INSERT ON keyv WHEN NEW.key LIKE '%${keyPart}%' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`,
    );
    return {
      store,
      heal() {
        db.exec('DROP TRIGGER refuse_records');
        db.close();
        return Promise.resolve();
      },
    };
  }
  let failing = true;
  const part = keyPart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const plainSet = new RegExp(`\\*3\\r\\n\\$3\\r\\nSET\\r\\n\\$\\d+\\r\\n[^\\r]*${part}`);
  const mset = new RegExp(`\\$4\\r\\nMSET\\r\\n[\\s\\S]*${part}`);
  const relay = await redisRelay((chunk, cut) => {
    // A RESP command whose name is SET and whose key is such a record, or an MSET naming one.
    const command = chunk.toString('latin1');
    if (failing && (plainSet.test(command) || mset.test(command))) cut();
  });
  const store = await backend.open({ ...extra, redisUrl: relay.url });
  return {
    store,
    heal: () => {
      failing = false;
      relay.close();
      return Promise.resolve();
    },
  };
}

/** A local TCP relay to the machine's Redis that shows `inspect` each chunk sent, before passing it on. */
async function redisRelay(inspect: (chunk: Buffer, cut: () => void) => void): Promise<{ url: string; close: () => void }> {
  const target = new URL(REDIS_URL);
  const relay = createServer((inbound) => {
    const outbound = connect(Number(target.port || 6379), target.hostname);
    const cut = () => {
      inbound.destroy();
      outbound.destroy();
    };
    for (const socket of [inbound, outbound]) socket.on('error', () => undefined);
    inbound.on('data', (chunk: Buffer) => {
      inspect(chunk, cut);
      if (!outbound.destroyed) outbound.write(chunk);
    });
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(REDIS_URL);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as { port: number }).port);
  // Stops taking connections; the store's own lasts until the store is closed.
  return { url: url.toString(), close: () => void relay.close() };
}
