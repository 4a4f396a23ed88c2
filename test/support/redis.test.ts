import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIS_URL, deleteNamespace, describeRedis, freshNamespace } from './redis.js';

describeRedis('the Redis test clean-up', () => {
  const client = createClient({ url: REDIS_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.close());

  const keysOf = async (pattern: string) => {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: pattern, COUNT: 1000 })) keys.push(...batch);
    return keys.sort();
  };

  it('gives each call a namespace of its own', () => {
    expect(freshNamespace('x')).not.toBe(freshNamespace('x'));
    expect(freshNamespace('x')).toMatch(new RegExp(`^test-x-${process.pid}-[0-9a-f]{8}$`));
  });

  it("deletes the namespace's store and queue keys, and nothing that only starts like it", async () => {
    const ns = freshNamespace('cleanup');
    const kept = [`${ns}0::chat`, `other-${ns}::chat`, `${ns}`];
    try {
      await client.mSet([...[`${ns}::chat:1`, `${ns}::set:due`, `${ns}:bull:alerts:1`].map((k) => [k, '1']), ...kept.map((k) => [k, '1'])] as [
        string,
        string,
      ][]);
      expect(await keysOf(`${ns}:*`)).toHaveLength(3);
      await deleteNamespace(ns);
      expect(await keysOf(`${ns}:*`)).toEqual([]);
      expect(await keysOf(`*${ns}*`)).toEqual([...kept].sort());
    } finally {
      await client.del(kept);
    }
  });

  it('reads glob characters in a namespace as they are', async () => {
    const base = freshNamespace('glob');
    const kept = `${base}a::chat`;
    try {
      await client.set(kept, '1');
      await deleteNamespace(`${base}[ab]`);
      await deleteNamespace(`${base}?`);
      expect(await keysOf(`${base}*`)).toEqual([kept]);
    } finally {
      await client.del(kept);
    }
  });
});
