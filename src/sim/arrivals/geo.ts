export interface LatLon {
  lat: number;
  lon: number;
}

/** The point a fraction `f` of the way from a to b (straight line; stops are close together). */
export function between(a: LatLon, b: LatLon, f: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f };
}

/** The initial bearing from a to b, degrees clockwise from north (0-359). */
export function bearingDegrees(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLon = (b.lon - a.lon) * rad;
  const y = Math.sin(dLon) * Math.cos(b.lat * rad);
  const x = Math.cos(a.lat * rad) * Math.sin(b.lat * rad) - Math.sin(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos(dLon);
  return Math.round((Math.atan2(y, x) / rad + 360) % 360) % 360;
}
