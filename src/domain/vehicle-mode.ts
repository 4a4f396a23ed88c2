// What kind of vehicle a route runs, in the words riders use for it: Caltrain's riders take the
// train, Halifax's the bus or the ferry. Read from GTFS routes.route_type (its basic values and the
// extended ones); a source that knows no type says nothing, and riders read neutral words.

export const VEHICLE_MODES = ['bus', 'tram', 'metro', 'train', 'ferry', 'other'] as const;
export type VehicleMode = (typeof VEHICLE_MODES)[number];

/** GTFS route_type -> the vehicle riders name; undefined for a value that is no route type. */
export function modeOfRouteType(type: number): VehicleMode | undefined {
  if (!Number.isInteger(type) || type < 0) return undefined;
  switch (type) {
    case 0:
      return 'tram';
    case 1:
    case 12: // monorail: riders of one ride it as a metro
      return 'metro';
    case 2:
      return 'train';
    case 3:
    case 11: // trolleybus
      return 'bus';
    case 4:
      return 'ferry';
    case 5: // cable tram
    case 6: // aerial lift
    case 7: // funicular
      return 'other';
  }
  // Extended route types (Google's HVT list), by hundreds.
  if (type >= 100 && type <= 199) return 'train';
  if (type >= 200 && type <= 299) return 'bus'; // coach
  if (type >= 400 && type <= 499) return 'metro'; // urban railway
  if ((type >= 700 && type <= 799) || type === 800) return 'bus'; // bus, trolleybus
  if (type >= 900 && type <= 999) return 'tram';
  if (type === 1000 || type === 1200) return 'ferry';
  if (type >= 1000 && type <= 1799) return 'other';
  return undefined;
}

/** The one mode all of them share ("train" for Caltrain), or "any" when they differ or none is known. */
export function sharedMode(modes: readonly (VehicleMode | undefined)[]): VehicleMode | 'any' {
  const first = modes[0];
  return first !== undefined && modes.every((mode) => mode === first) ? first : 'any';
}
