/** A stop as riders know it: the 4-digit code on the sign, which may cover several platforms. */
export interface StopInfo {
  code: string;
  /** GTFS stop_id (alphanumeric, one per platform). */
  id: string;
  name: string;
  lat: number;
  lon: number;
}

export interface NearbyStop {
  stop: StopInfo;
  meters: number;
}

/** Stops known offline (demo network or a GTFS stops.txt): nearest to a point, by name, by code. */
export interface StopIndex {
  /** Closest first; one entry per stop code (its nearest platform). */
  nearest(lat: number, lon: number, options?: { limit?: number; withinMeters?: number }): NearbyStop[];
  /** Every word must match the name (case and accents ignored); one entry per stop code. */
  search(words: string, limit?: number): StopInfo[];
  byCode(code: string): StopInfo[];
  readonly size: number;
}
