import type { ChatRef, ChatType } from '../domain/chat.js';
import type { ChatAdapter } from './adapter.js';
import type { ChatPlatform, PlatformDeps } from './platform.js';
import { consolePlatform } from './console/platform.js';
import { discordPlatform } from './discord/platform.js';
import { telegramPlatform } from './telegram/platform.js';

// The registered chat platforms: a platform is its folder and one line here. The config reads
// each one's settings, main opens those set up, the pushes and the live messages keep each one's
// limits; nothing else names them.

const REGISTERED = [telegramPlatform, discordPlatform, consolePlatform] as const;

export const CHAT_PLATFORMS: readonly ChatPlatform[] = REGISTERED;

type SettingsOf<P> = P extends { open(settings: infer S, deps: PlatformDeps): ChatAdapter } ? S : never;

/** The settings of the platforms that serve, under their names (the terminal's when no other is set up). */
export type PlatformSettings = { readonly [P in (typeof REGISTERED)[number] as P['name']]?: SettingsOf<P> };

/** Settings by platform name, as any list of platforms reads them (the registered one's: PlatformSettings). */
type SettingsByName = Readonly<Record<string, unknown>>;

/** The platforms of the list that serve, each with its settings. */
export function servedPlatforms(
  settings: SettingsByName,
  platforms: readonly ChatPlatform[] = CHAT_PLATFORMS,
): Array<{ platform: ChatPlatform; settings: unknown }> {
  return platforms.flatMap((platform) => (settings[platform.name] !== undefined ? [{ platform, settings: settings[platform.name] }] : []));
}

/** Every platform that serves, opened (not started), in the list's order. */
export function openPlatforms(settings: SettingsByName, deps: PlatformDeps, platforms = CHAT_PLATFORMS): ChatAdapter[] {
  return servedPlatforms(settings, platforms).map(({ platform, settings }) => platform.open(settings, deps));
}

/** Whether the terminal chat serves: its screen is the rider's, so logs and progress go elsewhere. */
export function servesTerminal(settings: SettingsByName, platforms = CHAT_PLATFORMS): boolean {
  return servedPlatforms(settings, platforms).some(({ platform }) => platform.terminal === true);
}

/** What a chat is by its id, as its platform says; a platform no longer registered: a group, the slower pace. */
export function chatTypeOf(chat: ChatRef, platforms = CHAT_PLATFORMS): ChatType {
  return platforms.find((platform) => platform.name === chat.platform)?.chatTypeOf(chat.chatId) ?? 'group';
}
