import type { Disruption } from '../../../domain/disruption.js';
import type { Content } from './alert-content.js';

// What one poll of a Service Alerts feed keeps for the next: each alert that came as one entity,
// with the bytes it was read from and the disruption it made. An alert whose entity comes again
// byte for byte is that same disruption (the decode is a function of those bytes alone), so the
// next poll takes it as it is: neither read again nor hashed again for its version. Publishers
// change a few alerts a day and are polled every minute or so; the JSON and SHA-256 of a version
// cost more than reading the alert itself. An id sent in several entities (joined) is always read.

export interface Kept {
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly end: number;
  /** Informed entities and active periods: what the feed's limit counts. */
  readonly selectors: number;
  readonly content: Content;
  disruption?: Disruption;
}

export class KeptAlerts {
  private previous = new Map<string, Kept>();
  private next = new Map<string, Kept>();

  /** The alert kept under `id` if its entity was exactly bytes[start, end). */
  find(id: string, bytes: Uint8Array, start: number, end: number): Kept | undefined {
    const kept = this.previous.get(id);
    if (kept === undefined || kept.end - kept.start !== end - start || end > bytes.length) return undefined;
    const before = Buffer.from(kept.bytes.buffer, kept.bytes.byteOffset + kept.start, kept.end - kept.start);
    return before.equals(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start)) ? kept : undefined;
  }

  /** A decode begins: what it keeps is the next poll's only once it succeeds. */
  begin(): void {
    this.next = new Map();
  }

  /** The alert `id` read from bytes[start, end) (or found kept there): the bytes of this poll are the ones held. */
  keep(id: string, kept: Kept): void {
    this.next.set(id, kept);
  }

  /** `id` came in another entity too: it is joined, and read again at every poll. */
  forget(id: string): void {
    this.next.delete(id);
  }

  /** The disruption an alert made, once its id turned out to have one entity. */
  made(id: string, content: Content, disruption: Disruption): void {
    const kept = this.next.get(id);
    if (kept?.content === content) kept.disruption = disruption;
  }

  /** The disruption made from the same bytes at the last poll, if `content` is that alert's. */
  disruptionOf(id: string, content: Content): Disruption | undefined {
    const kept = this.next.get(id);
    return kept?.content === content ? kept.disruption : undefined;
  }

  /** The decode succeeded: its alerts are what the next poll compares with. */
  commit(): void {
    this.previous = this.next;
    this.next = new Map();
  }
}
