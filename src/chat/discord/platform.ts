import { z } from 'zod';
import { optionalText, positiveInt, url } from '../../util/env-values.js';
import type { ChatPlatform } from '../platform.js';
import { targetOf } from './chat-ids.js';
import { createDiscordBot } from './create-bot.js';
import { DISCORD_EDIT_LIMITS, DISCORD_PUSHES_PER_SECOND } from './limits.js';

// Discord as one registered platform: served when DISCORD_TOKEN is set, beside the others.

const variables = z.object({
  // Three dot-separated parts (the bot's id in base64, a timestamp, an HMAC).
  DISCORD_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'a bot token from the Discord developer portal (three parts separated by dots)')
      .optional(),
  ),
  DISCORD_GUILD_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, 'a server id: 17-20 digits (Developer Mode, then right-click the server, Copy Server ID)')
      .optional(),
  ),
  // discord.js appends the API version itself; a base that already ends in one would double it.
  DISCORD_API_ROOT: url('an http(s) URL such as https://discord.com/api').refine(
    (v) => v === undefined || !/\/v\d+\/?$/.test(v),
    'the base without a version, such as https://discord.com/api (discord.js adds /v10)',
  ),
  ALERT_DISCORD_PER_SECOND: positiveInt(DISCORD_PUSHES_PER_SECOND),
});

export interface DiscordSettings {
  token: string;
  /** Slash commands are registered to this server only (at once), else globally. */
  guildId?: string;
  /** REST base without the version (discord.js appends it); Discord's own when absent. */
  apiRoot?: string;
}

export const discordPlatform = {
  name: 'discord' as const,
  variables,
  settings: (v) =>
    v.DISCORD_TOKEN === undefined
      ? undefined
      : {
          token: v.DISCORD_TOKEN,
          ...(v.DISCORD_GUILD_ID ? { guildId: v.DISCORD_GUILD_ID } : {}),
          ...(v.DISCORD_API_ROOT ? { apiRoot: v.DISCORD_API_ROOT } : {}),
        },
  secrets: (settings) => [settings.token],
  pushesPerSecond: (v) => v.ALERT_DISCORD_PER_SECOND,
  editLimits: DISCORD_EDIT_LIMITS,
  // A direct message is a user's chat; a server channel is everyone's there.
  chatTypeOf: (chatId) => (targetOf(chatId)?.kind === 'user' ? 'private' : 'group'),
  open: (settings, deps) =>
    createDiscordBot({
      token: settings.token,
      ...(settings.apiRoot !== undefined ? { apiRoot: settings.apiRoot } : {}),
      core: deps.core,
      lifecycle: deps.lifecycle,
      logger: deps.logger.child({ component: 'discord' }),
      clock: deps.clock,
      rateLimitPerMinute: deps.rateLimitPerMinute,
      liveMessages: deps.liveMessages,
    }),
} satisfies ChatPlatform<typeof variables, DiscordSettings>;
