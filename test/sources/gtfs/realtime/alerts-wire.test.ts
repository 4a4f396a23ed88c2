import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeedMessageType } from '../../../../src/gtfs-format/realtime-schema.js';
import { versionOf } from '../../../../src/sources/disruption-version.js';
import { decodeAlerts } from '../../../../src/sources/gtfs/realtime/alerts-decode.js';
import { FeedDecodeError } from '../../../../src/sources/gtfs/realtime/decode.js';
import { encodeFeed } from '../helpers.js';

// The Service Alerts decoder reads the wire itself (as the trip updates' and vehicles' do). Here
// protobufjs's reflection over the schema reads the same bytes, and the specification's rules
// are applied to what it gives: both must say the same, down to each disruption's version (the
// digest of its JSON, keys in order), or chats would be sent every disruption again.

const header = { gtfsRealtimeVersion: '2.0', timestamp: 1_700_000_000 };

interface Reflected {
  id: string;
  isDeleted?: boolean;
  alert?: {
    activePeriod?: Array<{ start?: number; end?: number }>;
    informedEntity?: Array<{
      agencyId?: string;
      routeId?: string;
      routeType?: number;
      directionId?: number;
      stopId?: string;
      trip?: { tripId?: string; routeId?: string; directionId?: number };
    }>;
    cause?: string | number;
    effect?: string | number;
    severityLevel?: string | number;
    url?: { translation?: Array<{ text: string; language?: string }> };
    headerText?: { translation?: Array<{ text: string; language?: string }> };
    descriptionText?: { translation?: Array<{ text: string; language?: string }> };
  };
}

const kebab = (name: string | number | undefined, suffix: RegExp, known: readonly string[]) => {
  const word = typeof name === 'string' ? name.replace(suffix, '').toLowerCase().replace(/_/g, '-') : 'unknown';
  return known.includes(word) ? word : 'unknown';
};
const EFFECTS = [
  'no-service',
  'reduced-service',
  'significant-delays',
  'detour',
  'additional-service',
  'modified-service',
  'other',
  'stop-moved',
  'no-effect',
  'accessibility-issue',
];
const CAUSES = [
  'other',
  'technical-problem',
  'strike',
  'demonstration',
  'accident',
  'holiday',
  'weather',
  'maintenance',
  'construction',
  'police-activity',
  'medical-emergency',
];

const texts = (t: { translation?: Array<{ text: string; language?: string }> } | undefined) =>
  (t?.translation ?? [])
    .map((x) => ({
      language: (x.language ?? '').trim().toLowerCase(),
      text: x.text
        .replace(/&amp;/g, '&')
        .replace(/&eacute;/g, 'é')
        .trim(),
    }))
    .filter((x) => x.text !== '');

/** What the specification makes of one reflected alert, keys in the disruption's order. */
function expectedContent(alert: NonNullable<Reflected['alert']>) {
  const entities = (alert.informedEntity ?? []).map((e) => {
    const routeId = e.routeId || e.trip?.routeId || undefined;
    const directionId = e.directionId ?? e.trip?.directionId;
    return {
      ...(e.agencyId ? { agencyId: e.agencyId } : {}),
      ...(routeId !== undefined ? { routeId } : {}),
      ...(e.routeType !== undefined ? { routeType: e.routeType } : {}),
      ...(directionId !== undefined ? { directionId } : {}),
      ...(e.trip?.tripId ? { tripId: e.trip.tripId } : {}),
      ...(e.stopId ? { stopId: e.stopId } : {}),
    };
  });
  const url = texts(alert.url);
  return {
    effect: kebab(alert.effect, /_EFFECT$/, EFFECTS),
    cause: kebab(alert.cause, /_CAUSE$/, CAUSES),
    severity: kebab(alert.severityLevel, /_SEVERITY$/, ['info', 'warning', 'severe']),
    header: texts(alert.headerText),
    description: texts(alert.descriptionText),
    ...(url.length > 0 ? { url } : {}),
    entities: entities.filter((e, i) => entities.findIndex((f) => JSON.stringify(f) === JSON.stringify(e)) === i),
    periods: (alert.activePeriod ?? []).map((p) => ({ ...(p.start ? { start: p.start } : {}), ...(p.end ? { end: p.end } : {}) })),
  };
}

const translatedArb = fc.record(
  {
    translation: fc.array(
      fc.record(
        { text: fc.constantFrom('Detour', ' Détour &amp; retard ', 'D&eacute;tour', '', '  '), language: fc.constantFrom('en', 'FR ', '', 'nl') },
        { requiredKeys: ['text'] },
      ),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: [] },
);
const id = fc.constantFrom('', '95', 'r1', 'STO', 'COMMMABR');
const alertArb = fc.record(
  {
    activePeriod: fc.array(fc.record({ start: fc.constantFrom(0, 1, 1_700_000_000), end: fc.constantFrom(0, 1_800_000_000) }, { requiredKeys: [] }), {
      maxLength: 3,
    }),
    informedEntity: fc.array(
      fc.record(
        {
          agencyId: id,
          routeId: id,
          routeType: fc.constantFrom(0, 3, -1),
          directionId: fc.constantFrom(0, 1),
          stopId: id,
          trip: fc.record({ tripId: id, routeId: id, directionId: fc.constantFrom(0, 1) }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 20 },
    ),
    cause: fc.constantFrom('UNKNOWN_CAUSE', 'STRIKE', 'MEDICAL_EMERGENCY', 'WEATHER'),
    effect: fc.constantFrom('NO_SERVICE', 'DETOUR', 'OTHER_EFFECT', 'UNKNOWN_EFFECT', 'ACCESSIBILITY_ISSUE', 'STOP_MOVED'),
    severityLevel: fc.constantFrom('UNKNOWN_SEVERITY', 'INFO', 'WARNING', 'SEVERE'),
    url: translatedArb,
    headerText: translatedArb,
    descriptionText: translatedArb,
  },
  { requiredKeys: [] },
);

describe('Service Alerts read on the wire', () => {
  it('say what protobufjs reflection reads in the same bytes, versions included', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ alert: alertArb, isDeleted: fc.boolean() }, { requiredKeys: ['alert'] }), { maxLength: 8 }), (entities) => {
        const bytes = encodeFeed({ header, entity: entities.map((e, i) => ({ id: `a${i}`, ...e })) });
        const reflected = FeedMessageType.toObject(FeedMessageType.decode(bytes), { longs: Number, enums: String }) as { entity?: Reflected[] };
        const expected = (reflected.entity ?? [])
          .filter((e) => e.alert !== undefined && e.isDeleted !== true)
          .map((e) => {
            const content = expectedContent(e.alert!);
            return { id: e.id, version: versionOf(content as Parameters<typeof versionOf>[0]), ...content };
          });
        const decoded = decodeAlerts(bytes);
        expect(decoded.timestamp).toBe(header.timestamp);
        expect(decoded.disruptions).toEqual(expected);
        // Keys in the same order: the JSON, and so the version, is the same.
        expect(JSON.stringify(decoded.disruptions)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('reads an effect, a cause or a severity it does not know (a newer specification) as unknown', () => {
    const bytes = encodeFeed({ header, entity: [{ id: 'a', alert: { effect: 99, cause: 42, severityLevel: 7 } }] });
    const [only] = decodeAlerts(bytes).disruptions;
    expect([only!.effect, only!.cause, only!.severity]).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('gives the alerts of a combined feed whatever its other entities hold (a vehicle without its fix, a trip update without its trip)', () => {
    // Written byte by byte: protobufjs will not encode what its schema requires and lacks.
    // FeedEntity { id "v1", vehicle { position { bearing 90 } } }: no latitude, no longitude.
    const vehicle = [0x12, 0x0b, 0x0a, 0x02, 0x76, 0x31, 0x22, 0x07, 0x12, 0x05, 0x1d, 0x00, 0x00, 0xb4, 0x42];
    // FeedEntity { id "t1", trip_update { stop_time_update { stop_sequence 1 } } }: no trip.
    const tripUpdate = [0x12, 0x0a, 0x0a, 0x02, 0x74, 0x31, 0x1a, 0x04, 0x12, 0x02, 0x08, 0x01];
    const alerts = encodeFeed({
      header,
      entity: [
        {
          id: 'a1',
          alert: { effect: 'DETOUR', headerText: { translation: [{ text: 'Detour on Bank', language: 'en' }] }, informedEntity: [{ routeId: '6' }] },
        },
      ],
    });
    const bytes = Buffer.concat([alerts, Uint8Array.from(vehicle), Uint8Array.from(tripUpdate)]);
    const { disruptions } = decodeAlerts(bytes);
    expect(disruptions.map((d) => [d.id, d.effect, d.header[0]?.text, d.entities])).toEqual([['a1', 'detour', 'Detour on Bank', [{ routeId: '6' }]]]);
  });

  it('refuses, as a decode problem, an entity without its id, a translation without its text, cut bytes', () => {
    const feed = (...entity: number[]) => Buffer.concat([encodeFeed({ header, entity: [] }), Uint8Array.from(entity)]);
    // FeedEntity { alert {} }
    expect(() => decodeAlerts(feed(0x12, 0x02, 0x2a, 0x00))).toThrow(FeedDecodeError);
    // FeedEntity { id "a", alert { header_text { translation { language "en" } } } }
    expect(() => decodeAlerts(feed(0x12, 0x0d, 0x0a, 0x01, 0x61, 0x2a, 0x08, 0x52, 0x06, 0x0a, 0x04, 0x12, 0x02, 0x65, 0x6e))).toThrow(
      FeedDecodeError,
    );
    expect(() => decodeAlerts(feed(0x12, 0x05, 0x0a))).toThrow(FeedDecodeError);
  });
});
