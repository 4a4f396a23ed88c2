import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { oneSlotPrefix, redisAddress } from '../../src/util/redis-address.js';

describe('REDIS_URL for one Redis or a Redis Cluster', () => {
  it('reads redis+cluster:// and rediss+cluster:// as a cluster seeded by that node, credentials kept', () => {
    expect(redisAddress('redis+cluster://:pw@10.0.0.5:7000')).toEqual({ url: 'redis://:pw@10.0.0.5:7000', cluster: true });
    expect(redisAddress('rediss+cluster://redis.example.org:7000')).toEqual({ url: 'rediss://redis.example.org:7000', cluster: true });
    expect(redisAddress('redis://127.0.0.1:6379')).toEqual({ url: 'redis://127.0.0.1:6379', cluster: false });
  });

  it('puts every key under one hash tag on a cluster only, and leaves a tagged prefix as it is', () => {
    expect(oneSlotPrefix('arrivals-bot', true)).toBe('{arrivals-bot}');
    expect(oneSlotPrefix('arrivals-bot', false)).toBe('arrivals-bot');
    expect(oneSlotPrefix('{alerts}', true)).toBe('{alerts}');
  });

  it('is accepted by the configuration, and anything else refused with the forms it takes', () => {
    expect(loadConfig({ REDIS_URL: 'redis+cluster://127.0.0.1:7000' }).store.redisUrl).toBe('redis+cluster://127.0.0.1:7000');
    expect(() => loadConfig({ REDIS_URL: 'cluster://127.0.0.1:7000' })).toThrow(/redis\+cluster:\/\//);
  });
});
