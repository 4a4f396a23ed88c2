// Deterministic "randomness": the same trip on the same date always gets the same delay, bus and
// GPS quirks, so a fixed clock gives a fixed answer (tests) and a live clock gives a plausible,
// stable one (no bus jumping around between two requests).

/** FNV-1a, 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche so that seeds differing only in the last character spread over the range.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A number in [0, 1) fixed by `seed` and `salt`. */
export function unit(seed: string, salt: string): number {
  return hash32(`${seed}|${salt}`) / 0x1_0000_0000;
}

export function pick<T>(items: readonly T[], seed: string, salt: string): T | undefined {
  return items[Math.floor(unit(seed, salt) * items.length)];
}
