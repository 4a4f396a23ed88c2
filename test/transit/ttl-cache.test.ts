import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { TtlCache } from '../../src/transit/ttl-cache.js';

const still = () => new Date(0);

describe('TtlCache', () => {
  it('serves an entry until its time is up, by the injected clock', () => {
    const now = fixedClock(1000);
    const cache = new TtlCache<string>(10, now);
    cache.set('a', 'A', 500);
    now.set(1499);
    expect(cache.get('a')).toBe('A');
    now.set(1500);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new TtlCache<number>(3, still);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.set('c', 3, 100);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4, 100);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toStrictEqual([1, 3, 4]);
  });

  it('stores nothing with a zero TTL or a zero cap', () => {
    const cache = new TtlCache<number>(3, still);
    cache.set('a', 1, 0);
    expect(cache.get('a')).toBeUndefined();
    const none = new TtlCache<number>(0, still);
    none.set('a', 1, 100);
    expect(none.size).toBe(0);
  });

  it('never grows past its cap', () => {
    const cache = new TtlCache<number>(50, still);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i, 100);
    expect(cache.size).toBe(50);
    expect(cache.get('k999')).toBe(999);
    expect(cache.get('k949')).toBeUndefined();
  });
});
