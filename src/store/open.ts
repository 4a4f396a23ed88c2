import type Keyv from 'keyv';
import type { PollShare } from '../domain/poll-share.js';
import type { SharedRate } from '../domain/shared-rate.js';
import type { Logger } from '../log.js';
import type { Backend } from './backend.js';
import { createChatSettings } from './chat-settings.js';
import { createClaims } from './claims.js';
import { createAccuracyRecords } from './accuracy-records.js';
import type { AccuracyRecords } from '../domain/accuracy.js';
import { createLiveMessages } from './live-messages.js';
import { createRiderPlaces } from './rider-places.js';
import { DEFAULT_NAMESPACE } from './keyv.js';
import { createChatLifecycle } from './chat-lifecycle.js';
import type {
  ChatLifecycle,
  ChatSettingsRepository,
  Claims,
  LiveMessagesRepository,
  RiderPlacesRepository,
  SavedStopsRepository,
  SubscriptionsRepository,
  WatchChanges,
} from '../domain/store-ports.js';
import { StoreError } from '../domain/store-ports.js';
import { corruptionLog } from './records.js';
import { oneLine } from './errors.js';
import { migrateRecords } from './migrations/index.js';
import { openRedis } from './redis.js';
import { createSavedStops } from './saved-stops.js';
import { openSqlite } from './sqlite.js';
import { createSubscriptions } from './subscriptions.js';
import { noticingWatchChanges } from './watch-changes.js';
import { createRiderReports, turnedOffReports } from './rider-reports.js';
import type { RiderReportsRepository } from '../domain/rider-reports.js';
import { systemClock, type Clock } from '../domain/clock.js';

export interface OpenStoreOptions {
  /** Folder of the SQLite file; created on first start. */
  dataDir: string;
  /** When set, Redis instead of SQLite (several replicas share one store). */
  redisUrl?: string;
  /** Prefix of every key; tests use their own to keep out of each other's way. */
  namespace?: string;
  logger?: Logger;
  /** Benchmarks' seeding only: SQLite writes without waiting for the disk (a crash may lose them). */
  unsyncedWrites?: boolean;
  /** Riders' reports of buses that did not come: false (RIDER_REPORTS=off) counts none and keeps nothing. */
  riderReports?: boolean;
  /** The reports' counts are read up to this clock's now (main's clock; tests' fixed one). */
  now?: Clock;
}

export interface Store extends WatchChanges {
  chats: ChatSettingsRepository;
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
  /** A chat refused, back, or moved to a new id: its records follow. */
  lifecycle: ChatLifecycle;
  claims: Claims;
  /** Messages kept edited (live locations), across restarts and instances. */
  liveMessages: LiveMessagesRepository;
  /** The places chats leave from and how fast they walk (/place, /walk): each chat's own. */
  places: RiderPlacesRepository;
  /** The feeds' accuracy figures (daily counters per feed, route and stop; no chat ids). */
  accuracy: AccuracyRecords;
  /** Riders' reports of a bus that did not come, counted without who sent them. */
  riderReports: RiderReportsRepository;
  /** For repositories still to come. Read claims with claims.holder: keyv.get deletes an expired key, which can race a fresh claim. */
  keyv: Keyv;
  /** Instances sharing this store share each feed's poll (Redis); absent: this instance polls alone. */
  pollShare?: PollShare;
  /** Instances sharing this store share each platform's rate of edits (Redis); absent: this instance's budgets are the bot's. */
  sharedRate?: SharedRate;
  close(): Promise<void>;
}

/**
 * Opens the backend, checks it and brings its records to today's shapes (migrations/) before
 * returning, so that a store that cannot work fails at start: rejects with a StoreError whose
 * message is one line naming the file or server and what is wrong (a store a newer version wrote
 * is left as it was).
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const backend: Backend =
    options.redisUrl !== undefined
      ? await openRedis(options.redisUrl, namespace, options.logger)
      : await openSqlite(options.dataDir, namespace, options.logger, options.unsyncedWrites === true);
  const corrupt = corruptionLog(options.logger);
  const claims = createClaims(backend, corrupt);
  // Records of earlier shapes are rewritten before anything reads them.
  try {
    await migrateRecords({ backend, claims, corrupt, logger: options.logger });
  } catch (err) {
    await backend.close().catch(() => undefined);
    throw new StoreError(`cannot open ${backend.where}: ${oneLine(err)}`, { cause: err });
  }
  let closing: Promise<void> | undefined;
  const chats = createChatSettings(backend.keyv, corrupt);
  const subscriptions = createSubscriptions({ backend, corrupt });
  // What each write changes in the chats' watch lists (and pushes turned on), told to the disruption pushes of this process.
  const savedStops = createSavedStops({ keyv: backend.keyv, claims, corrupt, records: (prefix) => backend.records(prefix), logger: options.logger });
  const places = createRiderPlaces(backend.keyv, corrupt);
  const watched = noticingWatchChanges(
    savedStops,
    subscriptions,
    createChatLifecycle({ backend, subscriptions, chats, savedStops, places, logger: options.logger }),
    chats,
  );
  return {
    chats: watched.chats,
    savedStops: watched.savedStops,
    subscriptions: watched.subscriptions,
    lifecycle: watched.lifecycle,
    onWatchChange: (listener) => watched.onWatchChange(listener),
    claims,
    liveMessages: createLiveMessages(backend, corrupt),
    places,
    accuracy: createAccuracyRecords(backend.counters, claims),
    riderReports: options.riderReports === false ? turnedOffReports : createRiderReports({ backend, claims, now: options.now ?? systemClock }),
    keyv: backend.keyv,
    ...(backend.pollShare !== undefined ? { pollShare: backend.pollShare } : {}),
    ...(backend.sharedRate !== undefined ? { sharedRate: backend.sharedRate } : {}),
    close: () => (closing ??= backend.close()),
  };
}
