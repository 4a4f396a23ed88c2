// Route names as riders say them: "7" for Auckland's "007", "l1" for Caltrain's "L1". Every part
// that compares a typed route with a route the source named uses this one rule.

/** "007" -> "7", "L1" -> "l1", "0" stays "0": the form two spellings of one route share. */
export function routeNameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^0+(?=[0-9])/, '');
}

/** Whether a typed route and a route's short name are the same route (case and leading zeros aside). */
export function sameRouteName(typed: string, routeNo: string): boolean {
  return routeNameKey(typed) === routeNameKey(routeNo);
}
