// Agencies the bot knows by name, for FEEDS_FILE's `preset`: where each publishes its static
// GTFS and GTFS-Realtime feeds, what key it asks, and the attribution its licence requires.

export interface Preset {
  /** Static GTFS zip. */
  schedule: string;
  tripUpdates?: string;
  vehiclePositions?: string;
  alerts?: string;
  /** OC Transpo's detours and cancelled trips as RSS (no key), in English and French. */
  disruptionsRss?: { english: string; french: string };
  /** The request header the realtime feeds want the key in; absent: no key. */
  keyHeader?: string;
  /**
   * The realtime requests are signed instead (STO's scheme, gtfs/net/sto-signature.ts): the entry's
   * `key` and `privateKey`, a signature of the current minute made for each request.
   */
  signed?: true;
  /** Where an operator asks for the realtime feeds' key(s), said when they are not given. */
  keysFrom?: string;
  /** What the licence asks to be shown wherever the data are (help, README). */
  attribution?: string;
}

const OCTRANSPO_REALTIME = 'https://nextrip-public-api.azure-api.net/octranspo';

/** OC Transpo's realtime feeds under their current path (`v1`) or the earlier one (`beta/v1`). */
function octranspo(paths: 'v1' | 'beta/v1'): Preset {
  return {
    schedule: 'https://oct-gtfs-emasagcnfmcgeham.z01.azurefd.net/public-access/GTFSExport.zip',
    tripUpdates: `${OCTRANSPO_REALTIME}/gtfs-rt-tp/${paths}/TripUpdates`,
    vehiclePositions: `${OCTRANSPO_REALTIME}/gtfs-rt-vp/${paths}/VehiclePositions`,
    keyHeader: 'Ocp-Apim-Subscription-Key',
    keysFrom: "OC Transpo's developer portal",
    disruptionsRss: OCTRANSPO_RSS,
  };
}

/** OC Transpo publishes no Service Alerts in GTFS-Realtime: its detours and cancellations are these feeds. */
const OCTRANSPO_RSS = {
  english: 'https://www.octranspo.com/en/feeds/updates-en/',
  french: 'https://www.octranspo.com/fr/feeds/updates-fr/',
} as const;

/** STO's realtime portal: `file` names the feed, in French ("vehicule"). */
const STO_PORTAL = 'https://gtfs.sto.ca/download.php';

export const PRESET_NAMES = ['octranspo', 'sto', 'transcollines'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export function preset(name: PresetName, options: { paths?: 'v1' | 'beta/v1' } = {}): Preset {
  switch (name) {
    case 'octranspo':
      return octranspo(options.paths ?? 'v1');
    case 'sto':
      // STO's realtime feeds (TripUpdate.pb, VehiclePosition.pb with occupancy, Alert.pb in French
      // and English) on one portal, each request signed with the keys STO gives registered
      // developers; without them, the schedule alone.
      return {
        schedule: 'https://contenu.sto.ca/GTFS/GTFS.zip',
        tripUpdates: `${STO_PORTAL}?file=trip`,
        vehiclePositions: `${STO_PORTAL}?file=vehicule`,
        alerts: `${STO_PORTAL}?file=alert`,
        signed: true,
        keysFrom: "STO's Developer Space, https://www.sto.ca/index.php?id=596&L=en",
        attribution: "Données ouvertes de la Société de transport de l'Outaouais (STO).",
      };
    case 'transcollines':
      // Its realtime feeds moved behind a key given on request (github.com/transcollines/gtfs-rt),
      // at addresses sent with the key: give them in the feed entry, with their headers.
      return {
        schedule: 'https://github.com/transcollines/gtfs/raw/master/transcollines-qc-ca.zip',
        attribution:
          "Le présent service intègre des données ouvertes du réseau Transcollines de la MRC des Collines-de-l'Outaouais. La MRC des Collines-de-l'Outaouais n'est pas responsable de l'exactitude de l'information générée par cette application.",
      };
  }
}
