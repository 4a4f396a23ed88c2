// How much a feed may hold before the import refuses it. A feed comes from outside: a 1.2 MB zip
// that expands to 20 million rows, or a field of 300 MB, must cost a refusal, not the machine.
// The defaults leave room for the largest single-city feeds (OC Transpo: about 20 MB zipped,
// 3 million stop times; New York's buses: about 14 million).

export interface ImportLimits {
  /** Rows of all the files read, together. */
  maxRows: number;
  /** Uncompressed bytes of the files read, together, as the zip declares them (and yauzl holds it to). */
  maxBytes: number;
  /** Characters in one field (a stop name, a URL): real ones are under 300. */
  maxFieldChars: number;
  /** Uncompressed over compressed size of one file: CSV deflates 5-20 times, a zip bomb hundreds. */
  maxExpansion: number;
  /** Files smaller than this are not held to maxExpansion (a few repeated lines deflate very well). */
  minBytesForExpansionCheck: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxRows: 40_000_000,
  maxBytes: 4 * 1024 ** 3,
  maxFieldChars: 16_384,
  maxExpansion: 100,
  minBytesForExpansionCheck: 1024 ** 2,
};

/** An import that keeps less than this share of the stops, routes or trips in use is refused. */
export const MIN_SHARE_KEPT = 0.5;
