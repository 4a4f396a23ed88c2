// How good a prediction was, by the yardsticks riders' apps are measured with. Transit's ETA
// Accuracy Benchmark: a prediction made L minutes ahead is within its band when the bus came no
// earlier than its lower bound and no later than its upper one. Cal-ITP's "bus catch likelihood":
// the share of predictions a rider following them would not miss the bus by, that is those where
// the bus did not come earlier than the band allows (on time or late both catch it); its floor
// for a good feed is 75%.

export interface EtaBand {
  /** The lead (minutes from prediction to predicted arrival) this band covers: [from, to). */
  readonly fromMinutes: number;
  readonly toMinutes: number;
  /** Seconds the bus may come before the predicted time (a negative number) and after it. */
  readonly earlySeconds: number;
  readonly lateSeconds: number;
}

export const ETA_BANDS: readonly EtaBand[] = [
  { fromMinutes: 0, toMinutes: 3, earlySeconds: -30, lateSeconds: 90 },
  { fromMinutes: 3, toMinutes: 6, earlySeconds: -60, lateSeconds: 150 },
  { fromMinutes: 6, toMinutes: 10, earlySeconds: -60, lateSeconds: 210 },
  { fromMinutes: 10, toMinutes: 15, earlySeconds: -90, lateSeconds: 270 },
];

/** Cal-ITP's floor: a feed whose riders catch their bus less often than this misleads them. */
export const BUS_CATCH_FLOOR = 0.75;

/** The band of a prediction made this many seconds ahead; none past 15 minutes (or a time already past). */
export function bandOf(leadSeconds: number): EtaBand | undefined {
  if (!(leadSeconds >= 0)) return undefined;
  return ETA_BANDS.find((band) => leadSeconds < band.toMinutes * 60);
}

/** How one prediction came out: the bus came this many seconds after it (negative: before). */
export interface PredictionOutcome {
  readonly band: EtaBand;
  /** Within the band's bounds. */
  readonly accurate: boolean;
  /** A rider arriving for the predicted time caught the bus (it did not come before the band's lower bound). */
  readonly caught: boolean;
}

/** The outcome of a prediction made `leadSeconds` ahead whose bus came `errorSeconds` after the predicted time; none outside the bands. */
export function scorePrediction(leadSeconds: number, errorSeconds: number): PredictionOutcome | undefined {
  const band = bandOf(leadSeconds);
  if (band === undefined || !Number.isFinite(errorSeconds)) return undefined;
  return {
    band,
    accurate: errorSeconds >= band.earlySeconds && errorSeconds <= band.lateSeconds,
    caught: errorSeconds >= band.earlySeconds,
  };
}
