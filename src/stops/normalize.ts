// Riders type "montreal" for "MONTRÉAL" and "peres blancs" for "PÈRES BLANCS": names are
// compared folded (lower case, accents stripped) and split into words.

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Stop codes below 1000 appear as "839" in some exports and "0839" in others (and on the sign). */
export function normalizeStopCode(raw: string): string | undefined {
  const code = raw.trim();
  return /^\d{1,4}$/.test(code) ? code.padStart(4, '0') : undefined;
}
