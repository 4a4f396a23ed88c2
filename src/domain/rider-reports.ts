// Riders' own word that a bus did not come (the 👻 button under a trip whose time has passed):
// counted per route and hour, one per rider per trip, a rider's reports limited in number, and
// stored without who sent them. What the store keeps and how is the store's; the core asks
// through this port, and /reliability shows the counts beside the feed's own figures.

/** The trip a rider says did not come, as the board showed it. */
export interface ReportedTrip {
  /** The stop as the source names it (a feed-scoped code in a bot of several feeds: "oc:3017"). */
  readonly stop: string;
  /** The route as the source names it ("95"). */
  readonly route: string;
  /** The time the board showed for it at the stop. */
  readonly due: Date;
  /** What tells one trip from another on that day (the trip's id, else its start time). */
  readonly trip: string;
}

export type ReportOutcome = 'counted' | 'already-reported' | 'too-many' | 'turned-off';

export interface RiderReportsRepository {
  /**
   * One rider's report: `rider` only tells their reports apart (kept as a keyed digest, never as
   * it is, and only as long as needed to refuse a second report of the same trip).
   */
  report(rider: string, trip: ReportedTrip, at: Date): Promise<ReportOutcome>;
  /** Reports of a route (at one stop, when given) since a time. */
  count(query: { readonly route: string; readonly stop?: string; readonly since: Date }): Promise<number>;
}

/** How long after its time a trip may still be reported (a rider's mark for it lasts as long, no longer). */
export const REPORTABLE_FOR_MS = 3 * 3_600_000;
