import { decodeHTML } from 'entities';
import type protobuf from 'protobufjs/minimal.js';
import type {
  ActivePeriod,
  Disruption,
  DisruptionCause,
  DisruptionEffect,
  DisruptionSeverity,
  InformedEntity,
  Translation,
} from '../../../domain/disruption.js';
import { FeedDecodeError, int64, readDescriptor } from './decode.js';

// One Service Alert on the wire -> what a disruption says (everything but its id and version),
// read with protobufjs's Reader straight into the disruption's shapes, as trip updates and
// vehicle positions are (decode.ts): field numbers of gtfs-realtime.proto's Alert (active_period
// 1, informed_entity 5, cause 6, effect 7, url 8, header_text 10, description_text 11,
// severity_level 14); each case a whole tag, so a field with a wire type it cannot have is skipped.
// Texts come out with their HTML entities decoded ("D&eacute;g&acirc;ts" -> "Dégâts"); each
// platform escapes them as it shows them. Objects are built with their keys in one fixed order:
// a disruption's version is the digest of its JSON (disruption-version.ts), so that order is part
// of what chats were sent.

type Reader = protobuf.Reader;

// Indexed by the enum's number; a number this code does not know reads as 'unknown'.
const EFFECTS: ReadonlyArray<DisruptionEffect | undefined> = [
  undefined,
  'no-service',
  'reduced-service',
  'significant-delays',
  'detour',
  'additional-service',
  'modified-service',
  'other',
  'unknown',
  'stop-moved',
  'no-effect',
  'accessibility-issue',
];

const CAUSES: ReadonlyArray<DisruptionCause | undefined> = [
  undefined,
  'unknown',
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

const SEVERITIES: ReadonlyArray<DisruptionSeverity | undefined> = [undefined, 'unknown', 'info', 'warning', 'severe'];

export type Content = Omit<Disruption, 'id' | 'version'>;

/** Informed entities and active periods read so far, over the whole feed: what the selector limit counts. */
export interface SelectorCount {
  selectors: number;
  readonly maxSelectors: number;
  /** Throws (the limit's error) once `selectors` passes `maxSelectors`. */
  over(): never;
}

/** TranslatedString.Translation: text 1 (required), language 2. Empty texts are left out. */
function translation(r: Reader, end: number, into: Translation[]): void {
  let text: string | undefined;
  let language = '';
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 10) text = r.string();
    else if (tag === 18) language = r.string();
    else r.skipType(tag & 7);
  }
  // As protobufjs's reflection read it: a translation without its text is no Service Alert.
  if (text === undefined) throw new FeedDecodeError('a translation without its text');
  // decodeHTML on a text without "&" would only copy it.
  const decoded = (text.includes('&') ? decodeHTML(text) : text).trim();
  if (decoded !== '') into.push({ language: language.trim().toLowerCase(), text: decoded });
}

/** TranslatedString: translation 1, repeated. */
function translated(r: Reader, end: number): Translation[] {
  const texts: Translation[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 10) translation(r, r.uint32() + r.pos, texts);
    else r.skipType(tag & 7);
  }
  return texts;
}

/** EntitySelector: agency_id 1, route_id 2, route_type 3, trip 4, stop_id 5, direction_id 6. Empty ids are none. */
function informedEntity(r: Reader, end: number): InformedEntity {
  let agencyId = '';
  let routeId = '';
  let routeType: number | undefined;
  let directionId: number | undefined;
  let stopId = '';
  let trip: ReturnType<typeof readDescriptor> | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        agencyId = r.string();
        break;
      case 18:
        routeId = r.string();
        break;
      case 24:
        routeType = r.int32();
        break;
      case 34:
        trip = readDescriptor(r, r.uint32() + r.pos);
        break;
      case 42:
        stopId = r.string();
        break;
      case 48:
        directionId = r.uint32();
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  // The selector's own route and direction first, else its trip's.
  const route = routeId !== '' ? routeId : trip?.routeId;
  const direction = directionId ?? trip?.directionId;
  const tripId = trip?.tripId ?? '';
  const entity: { -readonly [K in keyof InformedEntity]: InformedEntity[K] } = {};
  if (agencyId !== '') entity.agencyId = agencyId;
  if (route !== undefined) entity.routeId = route;
  if (routeType !== undefined) entity.routeType = routeType;
  if (direction !== undefined) entity.directionId = direction;
  if (tripId !== '') entity.tripId = tripId;
  if (stopId !== '') entity.stopId = stopId;
  return entity;
}

/** TimeRange: start 1, end 2 (POSIX seconds); 0 is the field's default, an open end as the specification says of a missing one. */
function period(r: Reader, end: number): ActivePeriod {
  let start = 0;
  let stop = 0;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 8) start = int64(r.uint64());
    else if (tag === 16) stop = int64(r.uint64());
    else r.skipType(tag & 7);
  }
  const range: { start?: number; end?: number } = {};
  if (start) range.start = start;
  if (stop) range.end = stop;
  return range;
}

/** Entities an alert compares one by one before it keeps a set of their keys. */
const FEW_ENTITIES = 16;

/** Two entities are the same when their JSON is (every field a string or a number, or absent). */
const sameEntity = (a: InformedEntity, b: InformedEntity): boolean =>
  a.agencyId === b.agencyId &&
  a.routeId === b.routeId &&
  a.routeType === b.routeType &&
  a.directionId === b.directionId &&
  a.tripId === b.tripId &&
  a.stopId === b.stopId;

/** One string per distinct entity, the lengths keeping the fields apart (the same key: the same JSON). */
const entityKey = (e: InformedEntity): string =>
  [e.agencyId, e.routeId, e.tripId, e.stopId].map((id) => (id === undefined ? '-' : `${id.length}:${id}`)).join('') +
  `|${e.routeType}|${e.directionId}`;

/** One Alert message, from the reader's position to `end`; its selectors counted against the feed's limit as they come. */
export function readAlert(r: Reader, end: number, count: SelectorCount): Content {
  const entities: InformedEntity[] = [];
  const periods: ActivePeriod[] = [];
  let seen: Set<string> | undefined;
  let cause = 0;
  let effect = 0;
  let severity = 0;
  let url: Translation[] = [];
  let header: Translation[] = [];
  let description: Translation[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        if (++count.selectors > count.maxSelectors) count.over();
        periods.push(period(r, r.uint32() + r.pos));
        break;
      case 42: {
        if (++count.selectors > count.maxSelectors) count.over();
        const entity = informedEntity(r, r.uint32() + r.pos);
        // Each entity once, first come first kept: most alerts name a few, compared field by field;
        // past a few, each is known by its key in a set.
        if (entities.length < FEW_ENTITIES) {
          if (!entities.some((earlier) => sameEntity(earlier, entity))) entities.push(entity);
        } else {
          seen ??= new Set(entities.map(entityKey));
          const key = entityKey(entity);
          if (!seen.has(key)) {
            seen.add(key);
            entities.push(entity);
          }
        }
        break;
      }
      case 48:
        cause = r.int32();
        break;
      case 56:
        effect = r.int32();
        break;
      case 66:
        url = translated(r, r.uint32() + r.pos);
        break;
      case 82:
        header = translated(r, r.uint32() + r.pos);
        break;
      case 90:
        description = translated(r, r.uint32() + r.pos);
        break;
      case 112:
        severity = r.int32();
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  return {
    effect: EFFECTS[effect] ?? 'unknown',
    cause: CAUSES[cause] ?? 'unknown',
    severity: SEVERITIES[severity] ?? 'unknown',
    header,
    description,
    ...(url.length > 0 ? { url } : {}),
    entities,
    periods,
  };
}
