import type { z } from 'zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RiderAnswers, Speaking } from '../core/index.js';
import type { ChatType, Platform } from '../domain/chat.js';
import type { Health } from '../domain/health.js';
import type { Clock } from '../domain/clock.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { ChatLifecycle, LiveMessagesRepository } from '../domain/store-ports.js';
import type { Logger } from '../log.js';
import type { RawEnv } from '../util/env-values.js';
import type { ChatAdapter } from './adapter.js';
import type { EditLimits } from '../domain/live-editor.js';

// A chat platform as one object, exported from its own folder and named once in platforms.ts: the
// settings it reads, how it opens, the limits it is pushed and edited within, and what its chat
// ids say. The config reads every platform's settings, main opens those set up, the pushes and
// live messages keep each one's limits.

/** What main hands every platform it opens. */
export interface PlatformDeps {
  core: RiderAnswers & Speaking;
  /** Where a chat that refuses the bot, comes back or moves is told to the store. */
  lifecycle: ChatLifecycle;
  /** What a platform's own server (a webhook) answers to probes: the ops server's health. */
  health?: Health;
  stops?: StopIndex;
  /** Where live messages (📍 pins, 🔴 boards) are kept to be edited. */
  liveMessages: LiveMessagesRepository;
  logger: Logger;
  clock: Clock;
  /** Arrivals requests per rider per minute. */
  rateLimitPerMinute: number;
  /** The live map's pages, for the platform whose own server WEB_PORT names (listensOn's hostsWeb). */
  web?: WebPages;
}

/** Pages served beside a server's own (the live map's): true when it answered the request. */
export type WebPages = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * One chat platform. `Variables` is its environment variables' schema, `Settings` what it opens
 * with. Written as methods so that a list of platforms holds each with its own settings.
 */
export interface ChatPlatform<Variables extends z.ZodObject = z.ZodObject, Settings = unknown> {
  /** Its name in every stored chat (ChatRef.platform): never renamed once chats are stored under it. */
  readonly name: Platform;
  /** Its environment variables, each checked alone; .env.example and the README list them. */
  readonly variables: Variables;
  /** Its settings, from its variables (checked) and the raw environment; undefined: not set up, not served. */
  settings(values: z.output<Variables>, env: RawEnv): Settings | undefined;
  /** Problems across its variables, read on the raw values so that they are reported with every other. */
  problems?(env: RawEnv): string[];
  /** The port a server of its own listens on (a webhook), by its variable, so that no other server is put there. */
  listensOn?(env: RawEnv): { variable: string; port: number; server: string; hostsWeb?: boolean } | undefined;
  /** Every secret its settings hold (tokens), for the redactors. */
  secrets(settings: Settings): string[];
  /** Pushes a second across all its chats (one of its variables, when operators may tune it). */
  pushesPerSecond(values: z.output<Variables>): number;
  /** How many edits of live messages it takes: the live updater's budget for it. */
  readonly editLimits: EditLimits;
  /** What a chat is by its id alone (a chat known only by its saved stops), for the pace of its pushes. */
  chatTypeOf(chatId: string): ChatType;
  /** It serves only when no other platform is set up: the terminal, whose screen is the rider's. */
  readonly terminal?: true;
  open(settings: Settings, deps: PlatformDeps): ChatAdapter;
}
