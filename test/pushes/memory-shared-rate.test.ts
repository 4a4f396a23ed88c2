// The fleet's rates when the fleet is one instance: the same bucket, hold and chat's pace as on
// Redis, on a clock the test moves.
import { expect, it } from 'vitest';
import { memorySharedRate } from '../../src/pushes/memory-shared-rate.js';

it('gives one request a refill, holds them all for a 429, and keeps a chat to its gap and its minute', async () => {
  let now = 0;
  const rate = memorySharedRate(() => now);
  expect(await rate.take('pushes:telegram', 10)).toBe(0);
  expect(await rate.take('pushes:telegram', 10)).toBe(100);
  now += 100;
  expect(await rate.take('pushes:telegram', 10)).toBe(0);
  await rate.hold('pushes:telegram', 5_000);
  expect(await rate.take('pushes:telegram', 10)).toBe(5_000);
  now += 5_000;
  // Nothing refilled during the hold: the first after it waits its refill.
  expect(await rate.take('pushes:telegram', 10)).toBe(100);

  expect(await rate.pace('chat:telegram:-100', 1_000, 2)).toBe(0);
  now += 400;
  expect(await rate.pace('chat:telegram:-100', 1_000, 2)).toBe(600);
  now += 600;
  expect(await rate.pace('chat:telegram:-100', 1_000, 2)).toBe(0);
  now += 1_000;
  // Two in the minute: the third waits for the first to be a minute old.
  expect(await rate.pace('chat:telegram:-100', 1_000, 2)).toBe(58_000);
  expect(await rate.pace('chat:telegram:42', 1_000, 0)).toBe(0);
});
