import { foldText } from './normalize.js';

// A stop code often covers a station's platforms: "BASELINE 1A", "BASELINE 2B", "BASELINE OFF
// STOP". Riders know the station, not the platform, so the code is named after what its
// platforms' names share: their common leading words, else the longest run of words they all
// contain ("O-TRAIN BAYVIEW", "BAYVIEW 1A": "BAYVIEW"). Words are compared folded, without dots
// or apostrophes ("ST." is "ST"); the text shown is cut from the first name, spelling kept.

interface Token {
  key: string;
  start: number;
  end: number;
  wordy: boolean;
}

// Words (with apostrophes and dots: "TUNNEY'S", "ST."), numbers with a glued suffix ("4A" in
// "PASTURE4A"), or a run of other marks ("/", "-", "("). Only words can name a stop: a shared
// platform number ("1A") or mark alone says nothing.
const TOKEN = /[\p{L}\p{M}'’.]+|\p{N}+\p{L}*|[^\s\p{L}\p{M}\p{N}]+/gu;

function tokensOf(name: string): Token[] {
  return [...name.matchAll(TOKEN)].map((m) => ({
    key: foldText(m[0]).replace(/[.'’]/g, ''),
    start: m.index,
    end: m.index + m[0].length,
    wordy: /^\p{L}/u.test(m[0]),
  }));
}

/** The name the platforms share (all of it when they have one name), or undefined when they share no word. */
export function sharedName(names: readonly string[]): string | undefined {
  const distinct = [...new Set(names.map((n) => n.trim()))];
  if (distinct.length === 0) return undefined;
  if (distinct.length === 1) return distinct[0];
  const [first, ...others] = distinct.map(tokensOf) as [Token[], ...Token[][]];
  const text = distinct[0]!;

  let leading = 0;
  while (leading < first.length && others.every((o) => o[leading]?.key === first[leading]!.key)) leading++;
  const run = trimmed(first.slice(0, leading)) ?? longestCommonRun(first, others);
  return run ? text.slice(run[0]!.start, run.at(-1)!.end) : undefined;
}

/** The run without marks at either end ("RIDEAU /" -> "RIDEAU"), or undefined if no word is left. */
function trimmed(run: Token[]): Token[] | undefined {
  let from = 0;
  let to = run.length;
  while (from < to && !run[from]!.wordy) from++;
  while (to > from && !run[to - 1]!.wordy) to--;
  return from < to ? run.slice(from, to) : undefined;
}

function longestCommonRun(first: Token[], others: Token[][]): Token[] | undefined {
  const contains = (tokens: Token[], keys: string[]) => tokens.some((_, i) => keys.every((key, j) => tokens[i + j]?.key === key));
  for (let length = first.length; length > 0; length--) {
    for (let i = 0; i + length <= first.length; i++) {
      const run = trimmed(first.slice(i, i + length));
      if (
        run &&
        run.length === length &&
        others.every((o) =>
          contains(
            o,
            run.map((t) => t.key),
          ),
        )
      )
        return run;
    }
  }
  return undefined;
}
