// What the GTFS settings mean, apart from reading them (config.ts does that): the request-header
// syntax of GTFS_RT_HEADERS and OC Transpo's published addresses for OCTRANSPO_SUBSCRIPTION_KEY.

export const OCTRANSPO_GTFS = {
  schedule: 'https://oct-gtfs-emasagcnfmcgeham.z01.azurefd.net/public-access/GTFSExport.zip',
  tripUpdates: 'https://nextrip-public-api.azure-api.net/octranspo/gtfs-rt-tp/beta/v1/TripUpdates',
  vehiclePositions: 'https://nextrip-public-api.azure-api.net/octranspo/gtfs-rt-vp/beta/v1/VehiclePositions',
  header: 'Ocp-Apim-Subscription-Key',
} as const;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * "Name: value; Other-Name: value" -> headers. Problems name the header, never its value (a
 * subscription key). Values may not hold ";", which separates headers on the one line a .env gives.
 */
export function parseHeaders(text: string): { headers: Record<string, string>; problems: string[] } {
  const headers: Record<string, string> = {};
  const problems: string[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    const name = colon === -1 ? '' : part.slice(0, colon).trim();
    const value = colon === -1 ? '' : part.slice(colon + 1).trim();
    if (!TOKEN.test(name) || value === '' || /[\r\n\0]/.test(value)) {
      problems.push(TOKEN.test(name) ? `the header ${name} needs a value` : 'each header written as Name: value, separated by ";"');
      continue;
    }
    headers[name] = value;
  }
  return { headers, problems };
}
