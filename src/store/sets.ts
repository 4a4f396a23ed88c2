/** A bounded add: the member was added, was there already, or the set held its most. */
export type BoundedOutcome = 'added' | 'exists' | 'full';

/**
 * Sets of short strings kept natively by the backend (Redis sets; a SQLite table with a primary
 * key): the indexes keyv cannot keep, such as "subscriptions due at 07:30 in Toronto". Keys are
 * namespaced by the backend like keyv's.
 */
export interface SetOps {
  add(key: string, members: readonly string[]): Promise<void>;
  remove(key: string, members: readonly string[]): Promise<void>;
  /** The members of each key, in the keys' order, in one round trip. */
  members(keys: readonly string[]): Promise<string[][]>;
}
