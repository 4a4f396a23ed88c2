import { decodeHTML } from 'entities';
import { FeedMessageType } from '../../../gtfs-format/realtime-schema.js';
import { versionOf } from '../../disruption-version.js';
import type {
  ActivePeriod,
  Disruption,
  DisruptionCause,
  DisruptionEffect,
  DisruptionSeverity,
  InformedEntity,
  Translation,
  TranslatedText,
} from '../../../domain/disruption.js';

// GTFS-Realtime Service Alerts bytes -> disruptions. Alerts feeds are small (MiWay's 69 alerts
// are 20 kB), so they are decoded whole with protobufjs's reflection over the schema in
// gtfs-format, within limits that bound the memory whatever the bytes hold. Texts come out with
// their HTML entities decoded ("D&eacute;g&acirc;ts" -> "Dégâts"); each platform escapes them as
// it shows them. Entities that share an id (NMBS sends one per language, under one id) are one
// disruption with every language's text.

export interface AlertLimits {
  readonly maxAlerts: number;
  /** informed_entity and active_period messages over all the alerts. */
  readonly maxSelectors: number;
}

export const DEFAULT_ALERT_LIMITS: AlertLimits = { maxAlerts: 10_000, maxSelectors: 200_000 };

export class AlertsOverLimitError extends Error {
  override readonly name = 'AlertsOverLimitError';
}

export interface AlertsSnapshot {
  /** The header's timestamp, POSIX seconds; 0 when none. */
  readonly timestamp: number;
  readonly disruptions: readonly Disruption[];
}

const EFFECTS: Record<string, DisruptionEffect> = {
  NO_SERVICE: 'no-service',
  REDUCED_SERVICE: 'reduced-service',
  SIGNIFICANT_DELAYS: 'significant-delays',
  DETOUR: 'detour',
  ADDITIONAL_SERVICE: 'additional-service',
  MODIFIED_SERVICE: 'modified-service',
  OTHER_EFFECT: 'other',
  UNKNOWN_EFFECT: 'unknown',
  STOP_MOVED: 'stop-moved',
  NO_EFFECT: 'no-effect',
  ACCESSIBILITY_ISSUE: 'accessibility-issue',
};

const CAUSES: Record<string, DisruptionCause> = {
  UNKNOWN_CAUSE: 'unknown',
  OTHER_CAUSE: 'other',
  TECHNICAL_PROBLEM: 'technical-problem',
  STRIKE: 'strike',
  DEMONSTRATION: 'demonstration',
  ACCIDENT: 'accident',
  HOLIDAY: 'holiday',
  WEATHER: 'weather',
  MAINTENANCE: 'maintenance',
  CONSTRUCTION: 'construction',
  POLICE_ACTIVITY: 'police-activity',
  MEDICAL_EMERGENCY: 'medical-emergency',
};

const SEVERITIES: Record<string, DisruptionSeverity> = { UNKNOWN_SEVERITY: 'unknown', INFO: 'info', WARNING: 'warning', SEVERE: 'severe' };

interface RawTranslated {
  translation?: Array<{ text?: string; language?: string }>;
}
interface RawAlert {
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
  url?: RawTranslated;
  headerText?: RawTranslated;
  descriptionText?: RawTranslated;
}
interface RawFeed {
  header?: { timestamp?: number };
  entity?: Array<{ id?: string; isDeleted?: boolean; alert?: RawAlert }>;
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

function translated(raw: RawTranslated | undefined): Translation[] {
  return (raw?.translation ?? []).flatMap((t) => {
    const text = decodeHTML(t.text ?? '').trim();
    return text === '' ? [] : [{ language: (t.language ?? '').trim().toLowerCase(), text }];
  });
}

function entityOf(raw: NonNullable<RawAlert['informedEntity']>[number]): InformedEntity {
  const routeId = nonEmpty(raw.routeId) ?? nonEmpty(raw.trip?.routeId);
  const directionId = raw.directionId ?? raw.trip?.directionId;
  const tripId = nonEmpty(raw.trip?.tripId);
  const agencyId = nonEmpty(raw.agencyId);
  const stopId = nonEmpty(raw.stopId);
  return {
    ...(agencyId !== undefined ? { agencyId } : {}),
    ...(routeId !== undefined ? { routeId } : {}),
    ...(raw.routeType !== undefined ? { routeType: raw.routeType } : {}),
    ...(directionId !== undefined ? { directionId } : {}),
    ...(tripId !== undefined ? { tripId } : {}),
    ...(stopId !== undefined ? { stopId } : {}),
  };
}

function periodOf(raw: { start?: number; end?: number }): ActivePeriod {
  // 0 is the field's default: an open end, as the specification says of a missing one.
  return { ...(raw.start ? { start: raw.start } : {}), ...(raw.end ? { end: raw.end } : {}) };
}

/** Adds the languages `more` has and `text` lacks. */
function mergeText(text: TranslatedText, more: TranslatedText): Translation[] {
  return [...text, ...more.filter((m) => !text.some((t) => t.language === m.language))];
}

function unique<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Content = Omit<Disruption, 'id' | 'version'>;

function contentOf(alert: RawAlert): Content {
  const url = translated(alert.url);
  return {
    effect: EFFECTS[String(alert.effect)] ?? 'unknown',
    cause: CAUSES[String(alert.cause)] ?? 'unknown',
    severity: SEVERITIES[String(alert.severityLevel)] ?? 'unknown',
    header: translated(alert.headerText),
    description: translated(alert.descriptionText),
    ...(url.length > 0 ? { url } : {}),
    entities: unique((alert.informedEntity ?? []).map(entityOf)),
    periods: (alert.activePeriod ?? []).map(periodOf),
  };
}

function merged(a: Content, b: Content): Content {
  const url = mergeText(a.url ?? [], b.url ?? []);
  return {
    ...a,
    header: mergeText(a.header, b.header),
    description: mergeText(a.description, b.description),
    ...(url.length > 0 ? { url } : {}),
    entities: unique([...a.entities, ...b.entities]),
    periods: unique([...a.periods, ...b.periods]),
  };
}

/** Throws on bytes that are no FeedMessage (protobufjs's error) and AlertsOverLimitError past the limits. */
export function decodeAlerts(bytes: Uint8Array, limits: AlertLimits = DEFAULT_ALERT_LIMITS): AlertsSnapshot {
  const message = FeedMessageType.decode(bytes);
  const feed = FeedMessageType.toObject(message, { longs: Number, enums: String }) as RawFeed;
  const byId = new Map<string, Content>();
  let selectors = 0;
  for (const entity of feed.entity ?? []) {
    if (entity.alert === undefined || entity.isDeleted === true || entity.id === undefined) continue;
    selectors += (entity.alert.informedEntity?.length ?? 0) + (entity.alert.activePeriod?.length ?? 0);
    if (selectors > limits.maxSelectors) throw new AlertsOverLimitError(`more than ${limits.maxSelectors} informed entities and periods`);
    const content = contentOf(entity.alert);
    const earlier = byId.get(entity.id);
    byId.set(entity.id, earlier === undefined ? content : merged(earlier, content));
    if (byId.size > limits.maxAlerts) throw new AlertsOverLimitError(`more than ${limits.maxAlerts} alerts`);
  }
  const disruptions = [...byId].map(([id, content]): Disruption => Object.freeze({ id, version: versionOf(content), ...content }));
  return { timestamp: feed.header?.timestamp ?? 0, disruptions };
}
