import { createHash } from 'node:crypto';
import type { Disruption } from '../domain/disruption.js';

/** A digest of everything riders read and whom it touches: a new version is a changed disruption, pushed again. */
export function versionOf(content: Omit<Disruption, 'id' | 'version'>): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}
