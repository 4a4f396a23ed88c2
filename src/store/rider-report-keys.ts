// Where riders' reports live. The counts name a route, a stop and an hour, never a rider; what
// stands for a rider is a keyed digest (rider-reports.ts), in keys that expire within hours.

/** The per-install key of the riders' digests, made once by the first instance (a claim). */
export const REPORTS_SECRET_KEY = 'reports:secret';

/** Whole hours since 1970: the bucket a report is counted in (by the time the trip was due). */
export const hourOf = (at: Date | number) => Math.floor(new Date(at).getTime() / 3_600_000);

/** Reports of a route whose trip was due in that hour, whatever the stop. */
export const routeHourKey = (route: string, hour: number) => `reports:route:${route}:${hour}`;

/** Reports of a route at one stop whose trip was due in that hour. */
export const stopHourKey = (stop: string, route: string, hour: number) => `reports:stop:${stop}:${route}:${hour}`;

/** Present while a rider's report of one trip stands: the digest of the rider and the trip. */
export const riderTripKey = (digest: string) => `reports:rider-trip:${digest}`;

/** A rider's reports in one hour (of the reporting): the digest of the rider and that hour. */
export const riderHourKey = (digest: string) => `reports:rider-hour:${digest}`;
