export type BoundedOutcome = 'added' | 'exists' | 'full';

/**
 * Sets of short strings kept natively by the backend (Redis sets; a SQLite table with a primary
 * key): the indexes keyv cannot keep, such as "subscriptions due at 07:30 in Toronto". Keys are
 * namespaced by the backend like keyv's.
 */
export interface SetOps {
  add(key: string, members: readonly string[]): Promise<void>;
  /** Atomically adds `member` unless it is there already or the set holds `max` members. */
  addBounded(key: string, member: string, max: number): Promise<BoundedOutcome>;
  remove(key: string, members: readonly string[]): Promise<void>;
  /** The members of each key, in the keys' order, in one round trip. */
  members(keys: readonly string[]): Promise<string[][]>;
}
