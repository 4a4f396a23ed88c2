import { FeedMessageType } from '../gtfs-format/realtime-schema.js';

// The demo network's disruptions as GTFS-Realtime Service Alerts, in English and French: a
// detour of route 95 (the whole route), a stop moved at Laurier (3020, named by one platform),
// and one announced for 2100 (not active: never shown). Without periods that move with the
// clock, their versions never change, so a bot pushes each once.

const en = (text: string) => ({ text, language: 'en' });
const fr = (text: string) => ({ text, language: 'fr' });

/** A FeedEntity holding an Alert. */
const entity = (name: string, alert: Record<string, unknown>) => ({ ['id']: name, alert });

export const DEMO_DISRUPTIONS = [
  entity('detour95', {
    informedEntity: [{ routeId: '95-184' }],
    cause: 10, // CONSTRUCTION
    effect: 4, // DETOUR
    severityLevel: 3, // WARNING
    headerText: { translation: [en('Route 95 detoured around Albert St'), fr('Ligne 95 détournée autour de la rue Albert')] },
    descriptionText: {
      translation: [
        en('Because of road work, route 95 uses Slater St between Bronson and Kent. Stops on Albert St &amp; Kent are not served.'),
        fr(
          'En raison de travaux, la ligne 95 emprunte la rue Slater entre Bronson et Kent. Les arrêts de la rue Albert &amp; Kent ne sont pas desservis.',
        ),
      ],
    },
  }),
  entity('laurier1a', {
    informedEntity: [{ stopId: 'CD955' }],
    cause: 9, // MAINTENANCE
    effect: 9, // STOP_MOVED
    headerText: { translation: [en('Laurier 1A: stop moved 50 m east'), fr('Laurier 1A : arrêt déplacé de 50 m vers l’est')] },
    descriptionText: {
      translation: [
        en('Platform 1A is closed for repairs; board at the temporary stop 50 m east.'),
        fr('Le quai 1A est fermé pour réparations ; montez à l’arrêt temporaire 50 m à l’est.'),
      ],
    },
  }),
  entity('retired95', {
    activePeriod: [{ start: 4_102_444_800 }], // 2100-01-01
    informedEntity: [{ routeId: '95-184' }],
    effect: 1, // NO_SERVICE
    headerText: { translation: [en('Route 95 retired'), fr('Ligne 95 retirée')] },
  }),
];

export function demoDisruptions(nowMs: number, alerts: readonly unknown[] = DEMO_DISRUPTIONS): Uint8Array {
  return FeedMessageType.encode(
    FeedMessageType.fromObject({
      header: { gtfsRealtimeVersion: '2.0', incrementality: 0, timestamp: Math.floor(nowMs / 1000) },
      entity: alerts,
    }),
  ).finish();
}
