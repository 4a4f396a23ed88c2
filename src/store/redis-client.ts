import type { createClient, createCluster } from '@keyv/redis';

/** One Redis or a cluster: the commands the store sends are the same; a cluster routes each by its first key. */
export type RedisCommands = ReturnType<typeof createClient> | ReturnType<typeof createCluster>;
