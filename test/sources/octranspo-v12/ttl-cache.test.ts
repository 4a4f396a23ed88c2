import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { TtlCache } from '../../../src/sources/octranspo-v12/ttl-cache.js';

const still = () => new Date(0);

function cache<V>(maxEntries: number, maxBytes = Number.MAX_SAFE_INTEGER, now = still) {
  return new TtlCache<V>({ maxEntries, maxBytes, now });
}

describe('TtlCache', () => {
  it('serves an entry until its time is up, by the injected clock', () => {
    const now = fixedClock(1000);
    const c = cache<string>(10, 1000, now);
    c.set('a', 'A', 500, 1);
    now.set(1499);
    expect(c.get('a')).toBe('A');
    now.set(1500);
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
    expect(c.bytes).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const c = cache<number>(3);
    c.set('a', 1, 100, 1);
    c.set('b', 2, 100, 1);
    c.set('c', 3, 100, 1);
    expect(c.get('a')).toBe(1); // a is now the most recent
    c.set('d', 4, 100, 1);
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c'), c.get('d')]).toStrictEqual([1, 3, 4]);
  });

  it('stores nothing with a zero TTL or a zero cap', () => {
    const c = cache<number>(3);
    c.set('a', 1, 0, 1);
    expect(c.get('a')).toBeUndefined();
    const none = cache<number>(0);
    none.set('a', 1, 100, 1);
    expect(none.size).toBe(0);
    const noBytes = cache<number>(3, 0);
    noBytes.set('a', 1, 100, 1);
    expect(noBytes.size).toBe(0);
  });

  it('never grows past its cap', () => {
    const c = cache<number>(50);
    for (let i = 0; i < 1000; i++) c.set(`k${i}`, i, 100, 1);
    expect(c.size).toBe(50);
    expect(c.get('k999')).toBe(999);
    expect(c.get('k949')).toBeUndefined();
  });

  it('never holds more than maxBytes, dropping the least recently used first', () => {
    const c = cache<string>(1000, 100);
    c.set('a', 'A', 100, 40);
    c.set('b', 'B', 100, 40);
    expect(c.get('a')).toBe('A'); // b is now the least recently used
    c.set('c', 'C', 100, 40);
    expect(c.bytes).toBe(80);
    expect([c.get('a'), c.get('b'), c.get('c')]).toStrictEqual(['A', undefined, 'C']);
    // Replacing an entry counts its new size only.
    c.set('c', 'C2', 100, 60);
    expect(c.bytes).toBe(100);
    expect(c.size).toBe(2);
  });

  it('does not keep an entry bigger than the whole cache, nor drop the others for it', () => {
    const c = cache<string>(1000, 100);
    c.set('small', 's', 100, 10);
    c.set('huge', 'h', 100, 101);
    expect(c.get('huge')).toBeUndefined();
    expect(c.get('small')).toBe('s');
    expect(c.bytes).toBe(10);
  });

  it('forgets the bytes of an entry that expired', () => {
    const now = fixedClock(0);
    const c = cache<string>(10, 100, now);
    c.set('a', 'A', 10, 60);
    now.set(10);
    expect(c.get('a')).toBeUndefined();
    c.set('b', 'B', 10, 60);
    expect(c.bytes).toBe(60);
    expect(c.get('b')).toBe('B');
  });
});
