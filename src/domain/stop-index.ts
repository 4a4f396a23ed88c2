/** A stop as riders know it: the 4-digit code on the sign, which may cover several platforms. */
export interface StopInfo {
  code: string;
  /** GTFS stop_id (alphanumeric, one per platform). */
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** The agency, when a bot serves several. */
  agency?: string;
}

export interface NearbyStop {
  stop: StopInfo;
  meters: number;
}

/**
 * Stops known offline (demo network or a GTFS stops.txt): nearest to a point, by name, by code.
 * nearest and search give one entry per stop code, named as riders know the stop (what its
 * platforms' names share: "BASELINE", not "BASELINE 1B"), with the id and place of one of its
 * platforms: the nearest, or the one whose name matched.
 */
export interface StopIndex {
  /** Closest first, measured to each code's nearest platform. */
  nearest(lat: number, lon: number, options?: { limit?: number; withinMeters?: number }): NearbyStop[];
  /** Every word must match the name of one of the code's platforms (case and accents ignored). */
  search(words: string, limit?: number): StopInfo[];
  /** The stop as riders know it ("BASELINE"), or undefined for an unknown code. */
  nameOf(code: string): string | undefined;
  /** Every platform of a code, as the file names them ("BASELINE 1A", "BASELINE 2B"). */
  byCode(code: string): StopInfo[];
  /** Stops whose code starts with these digits ("301" -> 3010...3019), as riders know them. */
  byCodePrefix(prefix: string, limit?: number): StopInfo[];
  readonly size: number;
}
