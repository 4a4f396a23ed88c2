import { z } from 'zod';
import { DEFAULT_ALERT_SETTINGS } from '../pushes/settings.js';
import { replayInstant } from '../domain/clock-start.js';
import { DEFAULT_METRICS_HOST } from '../ops/server.js';
import { optionalPort, optionalText, positiveInt, url, wholeNumber } from '../util/env-values.js';

// The bot's own variables, beside each chat platform's and each source kind's: its store, its
// logs, the pushes' pace, its metrics, where its feeds are listed and its clock.

export const COMMON_VARIABLES = z.object({
  DATA_DIR: z
    .string()
    .trim()
    .min(1, 'a folder path')
    .optional()
    .transform((v) => v ?? './data'),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?(\+cluster)?:\/\//, 'a redis:// or rediss:// URL (redis+cluster:// or rediss+cluster:// for a Redis Cluster)')
      .optional(),
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'one of fatal, error, warn, info, debug, trace, silent')
    .optional()
    .transform((v) => v ?? 'info'),
  // A file the logs are appended to, or "stderr"; unset: DATA_DIR/arrivals-bot.log for the terminal chat, stderr otherwise.
  LOG_FILE: optionalText,
  RATE_LIMIT_PER_MINUTE: positiveInt(20),
  // Riders' 👻 "didn't come" reports (counted without who sent them, shown in /reliability); off: no button, nothing kept.
  RIDER_REPORTS: optionalText
    .transform((v) => v?.toLowerCase())
    .pipe(z.enum(['on', 'off'], 'on or off').optional())
    .transform((v) => v !== 'off'),
  ALERT_CATCH_UP_MINUTES: wholeNumber(DEFAULT_ALERT_SETTINGS.catchUpMinutes, 1, 60, 'a number of minutes from 1 to 60'),
  // Waited with a timer between two messages to one chat.
  ALERT_CHAT_INTERVAL_MS: wholeNumber(DEFAULT_ALERT_SETTINGS.chatIntervalMs, 1, 3_600_000, 'a number of milliseconds from 1 to 3600000 (an hour)'),
  ALERT_GROUP_PER_MINUTE: positiveInt(DEFAULT_ALERT_SETTINGS.groupPerMinute),
  // Days of the feeds' accuracy figures kept in the store and shown by /reliability.
  ACCURACY_DAYS: wholeNumber(7, 1, 90, 'a number of days from 1 to 90'),
  METRICS_PORT: optionalPort,
  // An address of this machine: an IPv4 or IPv6 literal, or a name that resolves to one.
  METRICS_HOST: optionalText
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.:-]+$/, 'an address of this machine to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)')
        .optional(),
    )
    .transform((v) => v ?? DEFAULT_METRICS_HOST),
  // The live map (src/web/): its port (the same as METRICS_PORT: served beside the metrics), the
  // address it listens on, and the public address riders' links and Telegram's Mini App open.
  WEB_PORT: optionalPort,
  WEB_HOST: optionalText
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.:-]+$/, 'an address of this machine to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)')
        .optional(),
    )
    .transform((v) => v ?? DEFAULT_METRICS_HOST),
  WEB_BASE_URL: url('an http:// or https:// address where riders reach the live map, such as https://bus.example.org'),
  // Map tiles: a URL with {z}, {x} and {y}, or "none"; unset: OpenStreetMap's, but none for the offline demo.
  WEB_TILES_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(none|https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*)$/, 'an http(s) URL with {z}, {x} and {y}, or none')
      .optional(),
  ),
  WEB_TILES_ATTRIBUTION: optionalText,
  WEB_POLL_SECONDS: wholeNumber(10, 2, 300, 'a number of seconds from 2 to 300'),
  // How old a Telegram Mini App's signed launch data may be before the rider's own data is refused.
  WEB_INIT_DATA_MAX_AGE_SECONDS: wholeNumber(3600, 60, 86_400, 'a number of seconds from 60 to 86400 (a day)'),
  // Several feeds in one bot: a JSON list (config/feeds.ts); the sources' own variables for a feed then stay unset.
  FEEDS_FILE: optionalText,
  CLOCK_START: optionalText.pipe(replayInstant.optional()),
});
