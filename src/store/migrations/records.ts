// The shapes of the store's records, versioned the same on SQLite and Redis: a version record in
// the store's namespace says which steps its records have had (absent: every version before this
// list existed, 0), and opening the store runs the ones they lack over one scan of the chats'
// records (each record handed to each step, in the steps' order), then records the latest version.
// Readers then read today's shapes only.
import { readStored } from '../records.js';
import type { RecordsMigration, RecordsTarget } from './migration.js';
import { eachRecord } from './each-record.js';
import { NewerStoreError } from './newer-store.js';
import { stopsInSlots } from './records-001-stops-in-slots.js';
import { languageChoices } from './records-002-language-choices.js';
import { subscriptionsAsText } from './records-003-subscriptions-as-text.js';

export const RECORDS_MIGRATIONS: readonly RecordsMigration[] = [stopsInSlots, languageChoices, subscriptionsAsText];

export const LATEST_RECORDS = RECORDS_MIGRATIONS[RECORDS_MIGRATIONS.length - 1]!.version;

/** Beside the records, in the namespace (Redis: `<namespace>::store:records-version`). */
export const RECORDS_VERSION_KEY = 'store:records-version';

/** Brings the records to LATEST_RECORDS; refuses a store a newer version wrote (it would misread it). */
export async function migrateRecords(target: RecordsTarget): Promise<void> {
  const { keyv } = target.backend;
  const current = await recordsVersion(target);
  if (current > LATEST_RECORDS)
    throw new NewerStoreError(`a newer version of the bot wrote its records (records ${current}; this one reads up to ${LATEST_RECORDS})`);
  const pending = RECORDS_MIGRATIONS.filter((migration) => migration.version > current);
  if (pending.length === 0) return;
  // Every record of an earlier shape so far is a chat's; a step that needs others adds its prefix here.
  await eachRecord(target.backend, 'chat:', async (key, raw) => {
    for (const migration of pending) await migration.record(target, key, raw);
  });
  await keyv.set(RECORDS_VERSION_KEY, LATEST_RECORDS);
  target.logger?.debug({ from: current, to: LATEST_RECORDS, steps: pending.map((m) => m.name) }, 'store: records migrated');
}

async function recordsVersion(target: RecordsTarget): Promise<number> {
  const [stored] = await readStored(target.backend.keyv, [RECORDS_VERSION_KEY]);
  if (stored === undefined || stored.state === 'absent') return 0;
  if (stored.state === 'present' && Number.isInteger(stored.value) && (stored.value as number) >= 0) return stored.value as number;
  throw new Error(`its records' version (${RECORDS_VERSION_KEY}) is unreadable`);
}
