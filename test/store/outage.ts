// A store whose backend can be made to fail mid-test. Redis: the store talks to the machine's
// Redis through a local TCP relay, and cutting the relay is an outage. SQLite: the connection is
// closed under the store (there is no server to lose).
import { connect, createServer, type Socket } from 'node:net';
import type { Store } from '../../src/store/index.js';
import type { BackendUnderTest } from './backends.js';
import { REDIS_URL } from '../support/redis.js';

export async function outage(backend: BackendUnderTest): Promise<{ store: Store; cut: () => Promise<void> }> {
  if (backend.name === 'sqlite') {
    const store = await backend.open();
    return { store, cut: () => store.keyv.disconnect() };
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
  const store = await backend.open({ redisUrl: relayed.toString() });
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
