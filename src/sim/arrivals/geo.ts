export interface LatLon {
  lat: number;
  lon: number;
}

/** The point a fraction `f` of the way from a to b (straight line; stops are close together). */
export function between(a: LatLon, b: LatLon, f: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f };
}
