import type { ChatRef, ChatType, Platform } from './chat.js';
import type { CommandRequest } from './command-request.js';
import type { Locale } from './locale.js';
import type { Reply } from './reply.js';
import type { LocalMinute } from './local-minute.js';
import type { Subscription } from './subscription.js';
import type { WalkPace } from './walking.js';

// What the rest of the bot may ask of storage. Handlers, adapters and the scheduler see these
// small interfaces; src/store/ implements them over keyv (SQLite by default, Redis when set), and
// tests may pass fakes. Every method rejects (with StoreError) when the backend fails, so a caller
// can tell "nothing stored" from "could not read" and never overwrites what it did not see.

/** A chat's language: chosen with /lang, or taken from the platform's language code when first seen. */
export interface LanguageChoice {
  locale: Locale;
  chosen: boolean;
}

/** `off`: the chat said /disruptions off; `refused`: the platform refused it (on again once it uses the bot). */
export type DisruptionPushSetting = 'on' | 'off' | 'refused';

export interface ChatSettingsRepository {
  /** undefined: this chat was never seen. */
  language(chat: ChatRef): Promise<LanguageChoice | undefined>;
  setLanguage(chat: ChatRef, choice: LanguageChoice): Promise<void>;
  /** The IANA zone its alert times are read in; undefined: never set (the transit source's zone applies). */
  timeZone(chat: ChatRef): Promise<string | undefined>;
  setTimeZone(chat: ChatRef, timeZone: string): Promise<void>;
  /** Whether disruptions touching its stops are pushed to it (/disruptions off|on); 'on' when never set. */
  disruptionPushes(chat: ChatRef): Promise<DisruptionPushSetting>;
  /** The same of several chats in one read, in their order; absent: one disruptionPushes() each. */
  disruptionPushesOf?(chats: readonly ChatRef[]): Promise<DisruptionPushSetting[]>;
  setDisruptionPushes(chat: ChatRef, setting: DisruptionPushSetting): Promise<void>;
}

/** A stop some chat saved, as the disruption pushes list them. */
export interface SavedStopOf {
  chat: ChatRef;
  stopNo: string;
}

export interface SavedStop {
  stopNo: string;
  /** The stop's name as the transit source gave it when saved. */
  name?: string;
  /** The chat's own name for it ("home"), lower case, unique in the chat: "/next home". */
  label?: string;
}

/** `label-taken`: another stop of the chat is saved under that label. */
export type SaveOutcome = 'saved' | 'already' | 'full' | 'label-taken';

export interface SavedStopsRepository {
  /** In the order they were saved. */
  list(chat: ChatRef): Promise<SavedStop[]>;
  /** Atomic: two concurrent adds (two processes on one store included) both land, or one says 'full'. */
  add(chat: ChatRef, stop: SavedStop, max: number): Promise<SaveOutcome>;
  /** false: it was not saved. */
  remove(chat: ChatRef, stopNo: string): Promise<boolean>;
  /** Every chat's saved stops, streamed (never all held at once), in no particular order. */
  everySaved(): AsyncIterable<SavedStopOf>;
}

/**
 * What a write changed for the disruption pushes: the places a chat watches ('places': its saved
 * stops or subscriptions), or its pushes turned on ('pushes-on': /disruptions on, a chat back from
 * refusing the bot), which has it offered the active disruptions at the next tick.
 */
export type WatchChange = 'places' | 'pushes-on';

/**
 * The chats whose saved stops or subscriptions were just written through this process's
 * repositories (saved, removed, subscribed, paused, resumed, refused, moved), or whose disruption
 * pushes were turned on, each after its write landed: what the disruption pushes follow at once.
 * Writes by other processes on a shared store are not heard here (the watch list also reads the
 * store again on its own cadence; the instance a rider's /disruptions on reached serves the chat's
 * platform, and offers it what is active).
 */
export interface WatchChanges {
  /** Calls `listener` after each such write; returns the way to stop listening. */
  onWatchChange(listener: (chat: ChatRef, change: WatchChange) => void): () => void;
}

/**
 * "Set this key if absent, with a time to live": whoever wins a claim does the work (sends an
 * alert, takes a slot). Redis: SET key value NX PX ttl; SQLite: INSERT ... ON CONFLICT DO NOTHING
 * (an expired row counts as absent).
 */
export interface Claims {
  /** true: this caller set the key; false: it was already held. ttlMs absent: held until released. */
  claim(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** The value a live claim holds, or undefined. */
  holder(key: string): Promise<string | undefined>;
  /** The same of several keys in one read (one query, one round trip), in their order; absent: one holder() each. */
  holders?(keys: readonly string[]): Promise<Array<string | undefined>>;
  release(key: string): Promise<void>;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
}

/** `id-taken`: the chat already has a subscription with that id (pick another and try again). */
export type SubscribeOutcome = 'added' | 'full' | 'id-taken';

/**
 * A chat's alerts, and the index the scheduler reads them by: finding those due at a minute asks
 * the index for that zone and minute (never a scan of every subscription).
 */
export interface SubscriptionsRepository {
  /** Atomic like saved stops: concurrent adds all land, or say 'full' past `max` for the chat. */
  add(subscription: Subscription, max: number): Promise<SubscribeOutcome>;
  /** In the order they were made. */
  list(chat: ChatRef): Promise<Subscription[]>;
  /** false: no such subscription in this chat. */
  remove(chat: ChatRef, id: string): Promise<boolean>;
  /** Pauses (`user`, `refused`) or resumes (undefined) one; false: no such subscription. */
  setPaused(chat: ChatRef, id: string, paused: Subscription['paused']): Promise<boolean>;
  /** A leave-now alert's walk, re-timed (a new walking pace); false: no such leave-now alert. */
  setWalk(chat: ChatRef, id: string, walkSeconds: number): Promise<boolean>;
  /** The subscriptions due at this local minute in this zone, happening at `at` (isSubscriptionDue), found through the index. */
  dueAt(timeZone: string, local: LocalMinute, at: Date): Promise<Subscription[]>;
  /** Every zone any subscription is read in. */
  zones(): Promise<string[]>;
  /** Every chat's subscriptions, streamed (never all held at once), in no particular order. */
  every(): AsyncIterable<Subscription>;
}

/**
 * What happens to a chat as a whole, told by the delivery and the adapters: its platform refuses
 * it, someone uses the bot there again, it moves to a new id. Only stored records change (its
 * subscriptions, its settings). Unlike the repositories, these never reject: each is a side effect
 * of something that must go on (a delivery, a membership update, an interaction), so the store
 * logs a failure itself, and the next refusal or use tries again.
 */
export interface ChatLifecycle {
  /**
   * The platform refuses the chat (the bot was blocked, kicked, removed): its active alerts pause
   * as `refused`, and its disruption pushes with them (a chat that said off stays off).
   */
  refused(chat: ChatRef): Promise<void>;
  /** Someone uses the bot in a chat that refused it: what the refusal paused resumes (a rider's own pauses stay). */
  returned(chat: ChatRef): Promise<void>;
  /**
   * A group became a supergroup with a new id: its alerts follow (those paused as refused resume:
   * the old id's refusal says nothing of the new chat), and so does its /disruptions off.
   */
  moved(from: ChatRef, to: ChatRef): Promise<void>;
}

/**
 * A message the bot keeps editing after sending it (a Telegram live location that follows a bus):
 * what to ask the core again, where the message is, and until when. Stored, so that a restarted
 * bot goes on editing the same message instead of sending another.
 */
export interface LiveMessage {
  /** "<platform>.<chat>.<message>": one record per message, whoever stores it. */
  readonly id: string;
  readonly platform: Platform;
  readonly chatId: string;
  readonly chatType: ChatType;
  readonly messageId: string;
  /**
   * The channel the message is in, where it differs from the chat (Discord: a DM chat is the user,
   * "@" and their id, while its messages are in the DM channel); absent: the chat itself.
   */
  readonly channelId?: string;
  /**
   * Telegram: the facts sent beside a 📍 pin (a message of their own), edited to say the pin is no
   * longer followed once the bus has passed; absent in records stored before.
   */
  readonly cardId?: string;
  /**
   * A pin that follows a vehicle (absent: one, as first stored), an arrivals board kept up to
   * date, a /line picture redrawn in place, or a 🚌 tracked trip (its message redrawn each round,
   * beside a pin on Telegram: pinId).
   */
  readonly kind?: 'location' | 'board' | 'picture' | 'track';
  /** 🚌: the live location that follows the bus beside the message (Telegram), stopped when the tracking ends. */
  readonly pinId?: string;
  /** 🚌: the trip followed (Reply.follow.key): one message per chat and trip. */
  readonly followKey?: string;
  /** The chat's language code when it was started, for the core's answers. */
  readonly languageCode?: string;
  readonly request: CommandRequest;
  /** ISO instant the live period ends. */
  readonly until: string;
}

export interface LiveMessagesRepository {
  put(message: LiveMessage): Promise<void>;
  /** Every live message of a platform not yet ended (nor removed). */
  list(platform: Platform): Promise<LiveMessage[]>;
  /** Removes the record and the answer kept for it. */
  remove(message: Pick<LiveMessage, 'id' | 'platform'>): Promise<void>;
  /**
   * Keeps the answer a message shows now (a board's arrivals, a Discord 📍 embed), so that its last
   * edit can show it again, marked as the last known, when the feed is down at its end. Kept
   * beside the record, never in it: a round must not rewrite a record a 🔴 Live press is extending.
   */
  keepShown(message: Pick<LiveMessage, 'id'>, reply: Reply): Promise<void>;
  /**
   * The digest of the picture the message shows (Reply.pictureDigest), kept by keepShown beside
   * the answer for every instance to read; undefined when none was kept (a board, an earlier version).
   */
  shownPicture(message: Pick<LiveMessage, 'id'>): Promise<string | undefined>;
  /** The answer keepShown kept; undefined when none was (a record of an earlier version) or it cannot be read. */
  lastShown(message: Pick<LiveMessage, 'id'>): Promise<Reply | undefined>;
}

/**
 * A place a chat leaves from ("home"), where it shared it: its own, never shown to another chat,
 * never logged. Its name is lower case, unique in the chat.
 */
export interface RiderPlace {
  name: string;
  lat: number;
  lon: number;
}

/** `replaced`: the chat had a place of that name, now here. */
export type PlaceOutcome = 'saved' | 'replaced' | 'full';

/** The places a chat leaves from and how fast it walks (/place, /walk, /leave): kept until deleted. */
export interface RiderPlacesRepository {
  /** In the order they were first saved. */
  list(chat: ChatRef): Promise<RiderPlace[]>;
  /** Saves or moves the place of that name; 'full' past `max` places for the chat. */
  put(chat: ChatRef, place: RiderPlace, max: number): Promise<PlaceOutcome>;
  /** false: the chat had no place of that name. */
  remove(chat: ChatRef, name: string): Promise<boolean>;
  /** The chat's next shared location is the place of that name, for `forMs` (/place home, then a location). */
  awaitLocation(chat: ChatRef, name: string, forMs: number): Promise<void>;
  /** The name awaited, once (a second location is a location again); undefined once it lapsed. */
  takeAwaited(chat: ChatRef): Promise<string | undefined>;
  /** 'normal' when never set. */
  walkPace(chat: ChatRef): Promise<WalkPace>;
  setWalkPace(chat: ChatRef, pace: WalkPace): Promise<void>;
}
