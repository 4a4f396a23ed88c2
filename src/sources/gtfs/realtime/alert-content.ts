import { decodeHTML } from 'entities';
import type {
  ActivePeriod,
  Disruption,
  DisruptionCause,
  DisruptionEffect,
  DisruptionSeverity,
  InformedEntity,
  Translation,
} from '../../../domain/disruption.js';

// One Service Alert as protobufjs's toObject gives it -> what a disruption says (everything but its
// id and version). Texts come out with their HTML entities decoded ("D&eacute;g&acirc;ts" ->
// "Dégâts"); each platform escapes them as it shows them.

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
export interface RawAlert {
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
export interface RawEntity {
  id?: string;
  isDeleted?: boolean;
  alert?: RawAlert;
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

/** The items once each, first come first kept (an item is its JSON: entities and periods are plain). */
export function unique<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type Content = Omit<Disruption, 'id' | 'version'>;

export function contentOf(alert: RawAlert): Content {
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
