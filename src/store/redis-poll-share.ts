import type { RedisCommands } from './redis-client.js';
import type { PollShare, SharedPoll, SharedPollVersion } from '../domain/poll-share.js';

// The fleet's one poll per feed, on Redis: a lease key (SET NX PX: whoever holds it this interval
// asks the agency) and the last poll as a hash beside it. Both keys of a feed share one hash tag,
// so that on a Redis Cluster they live in one slot. Bytes are kept as base64: the client reads
// strings, and a feed of a few megabytes costs a few milliseconds to turn either way.

type Client = RedisCommands;

const META_FIELDS = ['status', 'version', 'etag', 'lastModified', 'fetchedAt'] as const;

export function redisPollShare(client: Client, keyOf: (key: string) => string): PollShare {
  const lease = (feed: string) => keyOf(`poll:{${feed}}:lease`);
  const data = (feed: string) => keyOf(`poll:{${feed}}:data`);
  return {
    async lease(feed, holder, ms) {
      const key = lease(feed);
      if ((await client.set(key, holder, { condition: 'NX', expiration: { type: 'PX', value: ms } })) === 'OK') return true;
      return (await client.get(key)) === holder;
    },
    async latestVersion(feed) {
      const [status, version, etag, lastModified, fetchedAt] = await client.hmGet(data(feed), [...META_FIELDS]);
      if ((status !== 'ok' && status !== 'failed') || fetchedAt == null) return undefined;
      const meta: SharedPollVersion = {
        status,
        fetchedAt: Number(fetchedAt),
        ...(version != null ? { version } : {}),
        ...(etag != null ? { etag } : {}),
        ...(lastModified != null ? { lastModified } : {}),
      };
      return meta;
    },
    async latest(feed) {
      const hash = await client.hGetAll(data(feed));
      const fetchedAt = Number(hash.fetchedAt);
      if (!Number.isFinite(fetchedAt)) return undefined;
      if (hash.status === 'failed') {
        const httpStatus = Number(hash.httpStatus);
        return {
          status: 'failed',
          kind: hash.kind ?? 'network',
          message: hash.message ?? 'failed',
          ...(Number.isFinite(httpStatus) ? { httpStatus } : {}),
          fetchedAt,
        };
      }
      if (hash.status !== 'ok' || hash.bytes === undefined || hash.version === undefined) return undefined;
      return {
        status: 'ok',
        bytes: Buffer.from(hash.bytes, 'base64'),
        version: hash.version,
        ...(hash.etag !== undefined ? { etag: hash.etag } : {}),
        ...(hash.lastModified !== undefined ? { lastModified: hash.lastModified } : {}),
        fetchedAt,
      };
    },
    async publish(feed, poll, keepMs) {
      const key = data(feed);
      await client.multi().del(key).hSet(key, fieldsOf(poll)).pExpire(key, keepMs).exec();
    },
    async touch(feed, fetchedAt, keepMs) {
      const key = data(feed);
      await client.multi().hSet(key, 'fetchedAt', String(fetchedAt)).pExpire(key, keepMs).exec();
    },
  };
}

function fieldsOf(poll: SharedPoll): Record<string, string> {
  if (poll.status === 'failed') {
    return {
      status: 'failed',
      kind: poll.kind,
      message: poll.message,
      fetchedAt: String(poll.fetchedAt),
      ...(poll.httpStatus !== undefined ? { httpStatus: String(poll.httpStatus) } : {}),
    };
  }
  return {
    status: 'ok',
    bytes: Buffer.from(poll.bytes).toString('base64'),
    version: poll.version,
    fetchedAt: String(poll.fetchedAt),
    ...(poll.etag !== undefined ? { etag: poll.etag } : {}),
    ...(poll.lastModified !== undefined ? { lastModified: poll.lastModified } : {}),
  };
}
