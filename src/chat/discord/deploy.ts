import { DiscordAPIError, PermissionFlagsBits, Routes, type REST } from 'discord.js';
import type { SlashCommand } from './slash-commands.js';

// `npm run discord:deploy`: the commands derived from the table, registered with Discord. To one
// server (DISCORD_GUILD_ID) while trying things out, since a server's commands change at once;
// globally otherwise, for every server the bot is in and for DMs.

export interface Deployment {
  applicationId: string;
  /** Absent: registered globally. */
  guildId?: string;
  /** The names Discord now holds, in its order. */
  registered: string[];
  inviteUrl: string;
}

/**
 * What the bot needs in a channel: see it, post there (and in its threads), and show embeds. It
 * reads no messages and manages nothing; a server may still take any of these away per channel,
 * which the notifier then meets as a 403 50001/50013.
 */
export const BOT_PERMISSIONS =
  PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.SendMessagesInThreads | PermissionFlagsBits.EmbedLinks;

/** The link that adds the bot to a server: the bot user with its permissions, and its slash commands. */
export function inviteUrl(applicationId: string): string {
  const query = new URLSearchParams({ client_id: applicationId, scope: 'bot applications.commands', permissions: BOT_PERMISSIONS.toString() });
  return `https://discord.com/oauth2/authorize?${query.toString()}`;
}

export async function deployCommands(rest: REST, commands: readonly SlashCommand[], guildId?: string): Promise<Deployment> {
  // The token says which application it belongs to; asking avoids one more setting.
  const application = (await rest.get(Routes.currentApplication())) as { id?: unknown };
  if (typeof application?.id !== 'string') throw new Error('Discord answered without an application id');
  const route = guildId !== undefined ? Routes.applicationGuildCommands(application.id, guildId) : Routes.applicationCommands(application.id);
  // PUT replaces the whole set: commands removed from the table disappear from Discord too.
  const answer: unknown = await rest.put(route, { body: commands });
  const registered = Array.isArray(answer) ? answer.map((c: { name?: unknown }) => String(c?.name)) : [];
  return { applicationId: application.id, ...(guildId !== undefined ? { guildId } : {}), registered, inviteUrl: inviteUrl(application.id) };
}

/** One line for the operator about a failed deployment; never the token (Discord's words only). */
export function deployFailure(err: unknown, guildId: string | undefined): string {
  if (err instanceof DiscordAPIError) {
    if (err.status === 401) return 'Discord refused the bot token (401): check DISCORD_TOKEN';
    if (guildId !== undefined && err.status === 403)
      return `Discord refused the commands for server ${guildId} (${String(err.code)}): invite the bot there first, or check DISCORD_GUILD_ID`;
    if (guildId !== undefined && err.status === 404) return `Discord knows no server ${guildId}: check DISCORD_GUILD_ID`;
    return `Discord refused the commands (${err.status} ${String(err.code)}): ${err.message}`;
  }
  return `could not reach Discord: ${err instanceof Error ? err.message : 'unknown error'}`;
}
