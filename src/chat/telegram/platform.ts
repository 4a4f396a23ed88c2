import { z } from 'zod';
import { isSet, optionalText, port, positiveInt, url } from '../../util/env-values.js';
import type { ChatPlatform } from '../platform.js';
import { telegramChatType } from './chat-ids.js';
import { createTelegramBot } from './create-bot.js';
import { TELEGRAM_EDIT_LIMITS, TELEGRAM_PUSHES_PER_SECOND } from './limits.js';

// Telegram as one registered platform: served when TELEGRAM_BOT_TOKEN is set, by long polling or,
// with TELEGRAM_WEBHOOK_URL, by a webhook server of its own.

const DEFAULT_WEBHOOK_PORT = 8443;

const variables = z.object({
  TELEGRAM_BOT_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^\d+:[\w-]+$/, 'a token from @BotFather, like 123456:ABC-DEF')
      .optional(),
  ),
  TELEGRAM_API_ROOT: url('an http(s) URL such as http://127.0.0.1:8081'),
  // Telegram delivers webhooks over HTTPS only.
  TELEGRAM_WEBHOOK_URL: url('an https:// URL such as https://bot.example.org/telegram', /^https$/),
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, '1-256 characters: letters, digits, _ and -')
      .optional(),
  ),
  TELEGRAM_WEBHOOK_PORT: port(DEFAULT_WEBHOOK_PORT),
  ALERT_TELEGRAM_PER_SECOND: positiveInt(TELEGRAM_PUSHES_PER_SECOND),
});

export interface TelegramSettings {
  token: string;
  apiRoot?: string;
  webhook?: { url: string; secret: string; port: number };
}

export const telegramPlatform = {
  name: 'telegram' as const,
  variables,
  settings: (v) =>
    v.TELEGRAM_BOT_TOKEN === undefined
      ? undefined
      : {
          token: v.TELEGRAM_BOT_TOKEN,
          ...(v.TELEGRAM_API_ROOT ? { apiRoot: v.TELEGRAM_API_ROOT } : {}),
          ...(v.TELEGRAM_WEBHOOK_URL && v.TELEGRAM_WEBHOOK_SECRET
            ? { webhook: { url: v.TELEGRAM_WEBHOOK_URL, secret: v.TELEGRAM_WEBHOOK_SECRET, port: v.TELEGRAM_WEBHOOK_PORT } }
            : {}),
        },
  problems: (env) =>
    isSet(env.TELEGRAM_WEBHOOK_URL) && !isSet(env.TELEGRAM_WEBHOOK_SECRET)
      ? ['TELEGRAM_WEBHOOK_SECRET: expected a secret when TELEGRAM_WEBHOOK_URL is set']
      : [],
  listensOn: (env) =>
    isSet(env.TELEGRAM_BOT_TOKEN) && isSet(env.TELEGRAM_WEBHOOK_URL)
      ? {
          variable: 'TELEGRAM_WEBHOOK_PORT',
          port: isSet(env.TELEGRAM_WEBHOOK_PORT) ? Number(env.TELEGRAM_WEBHOOK_PORT.trim()) : DEFAULT_WEBHOOK_PORT,
          server: 'the webhook server',
          // Mini Apps need https, which the webhook's public address already has.
          hostsWeb: true,
        }
      : undefined,
  secrets: (settings) => [settings.token, ...(settings.webhook !== undefined ? [settings.webhook.secret] : [])],
  pushesPerSecond: (v) => v.ALERT_TELEGRAM_PER_SECOND,
  editLimits: TELEGRAM_EDIT_LIMITS,
  chatTypeOf: telegramChatType,
  open: (settings, deps) =>
    createTelegramBot({
      ...settings,
      // The webhook's port answers the same probes as the ops server.
      ...(settings.webhook !== undefined
        ? {
            webhook: {
              ...settings.webhook,
              ...(deps.health !== undefined ? { health: deps.health } : {}),
              ...(deps.web !== undefined ? { web: deps.web } : {}),
            },
          }
        : {}),
      core: deps.core,
      lifecycle: deps.lifecycle,
      ...(deps.stops !== undefined ? { stops: deps.stops } : {}),
      logger: deps.logger.child({ component: 'telegram' }),
      clock: deps.clock,
      rateLimitPerMinute: deps.rateLimitPerMinute,
      liveMessages: deps.liveMessages,
    }),
} satisfies ChatPlatform<typeof variables, TelegramSettings>;
