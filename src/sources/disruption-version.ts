import { createHash, hash as digestOf } from 'node:crypto';
import type { Disruption } from '../domain/disruption.js';

type Content = Omit<Disruption, 'id' | 'version'>;

/** Entities (or periods) hashed between two pauses of versionSteps. */
const ITEMS_PER_STEP = 1_024;

/**
 * A digest of everything riders read and whom it touches: a new version is a changed disruption,
 * pushed again. The digest is the SHA-256 of the content's JSON; the entity and period lists are
 * hashed an item at a time, pausing between runs of them, so that an alert naming 200,000 routes
 * does not hold the event loop while its one 7 MB string is made. The bytes hashed are
 * JSON.stringify's, so versions stay what they were (they key the "sent" marks).
 */
export function* versionSteps(content: Content): Generator<void, string, void> {
  const small = smallVersion(content);
  if (small !== undefined) return small;
  const hash = createHash('sha256');
  hash.update('{');
  let first = true;
  for (const [key, value] of Object.entries(content)) {
    // As JSON.stringify: a key whose value is undefined is left out.
    if (value === undefined) continue;
    hash.update(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (!Array.isArray(value)) {
      hash.update(JSON.stringify(value));
      continue;
    }
    hash.update('[');
    for (const [i, item] of (value as unknown[]).entries()) {
      hash.update(`${i === 0 ? '' : ','}${JSON.stringify(item) ?? 'null'}`);
      if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    }
    hash.update(']');
  }
  hash.update('}');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The version of a disruption naming fewer than a step's entities and periods (most name a few
 * routes), its JSON made in one piece: the same bytes, at once, with no generator. Undefined for
 * a bigger one, whose version versionSteps makes a run at a time.
 */
export function smallVersion(content: Content): string | undefined {
  if (content.entities.length + content.periods.length >= ITEMS_PER_STEP) return undefined;
  return digestOf('sha256', JSON.stringify(content), 'hex').slice(0, 16);
}

/** versionSteps in one go. */
export function versionOf(content: Content): string {
  const steps = versionSteps(content);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
