// REDIS_URL as the store and the delivery queue read it: `redis://` or `rediss://` for one Redis,
// `redis+cluster://` or `rediss+cluster://` for a Redis Cluster (the address of any one of its
// nodes: the clients discover the others). One variable, so that nothing else changes for an
// operator moving to a cluster.

export interface RedisAddress {
  /** The node's own URL (redis:// or rediss://), credentials and database included. */
  url: string;
  cluster: boolean;
}

const CLUSTER_SCHEME = /^(rediss?)\+cluster:\/\//;

export function redisAddress(url: string): RedisAddress {
  const match = CLUSTER_SCHEME.exec(url);
  if (match === null) return { url, cluster: false };
  return { url: `${match[1]}://${url.slice(match[0].length)}`, cluster: true };
}

/**
 * A key prefix whose keys all land in one slot of a cluster: Redis hashes only what is between the
 * first `{` and the next `}`, so every key under `{prefix}` shares a slot, and a script or
 * transaction over any of them is allowed there. On one Redis the prefix is left as stores have
 * always held it.
 */
export function oneSlotPrefix(prefix: string, cluster: boolean): string {
  return cluster && !/\{[^}]+\}/.test(prefix) ? `{${prefix}}` : prefix;
}
