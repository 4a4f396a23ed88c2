// The backend under a test's store, opened on its own: to leave in it what an earlier version
// could have left (an id without its record), through the backend's own operations.
import type { Backend } from '../../src/store/backend.js';
import { openRedis } from '../../src/store/redis.js';
import { openSqlite } from '../../src/store/sqlite.js';
import type { BackendUnderTest } from './backends.js';

export function rawBackend(backend: BackendUnderTest): Promise<Backend> {
  const { dataDir, namespace, redisUrl } = backend.options();
  return redisUrl !== undefined ? openRedis(redisUrl, namespace, undefined) : openSqlite(dataDir, namespace, undefined);
}
