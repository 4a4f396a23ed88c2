import type Keyv from 'keyv';
import { z } from 'zod';
import { LOCALE_SHAPE } from '../domain/locale.js';
import { guarded } from './errors.js';
import { disruptionPushesKey, languageKey, timeZoneKey } from './keys.js';
import type { ChatSettingsRepository, DisruptionPushSetting, LanguageChoice } from '../domain/store-ports.js';
import { readStored, type CorruptionLog, type Stored } from './records.js';

// Any language's shape: which folders exist is the core's to check (one removed since falls back there).
const LanguageRecord = z.object({ locale: z.string().regex(LOCALE_SHAPE), chosen: z.boolean() });

export function createChatSettings(keyv: Keyv, corrupt: CorruptionLog): ChatSettingsRepository {
  const pushSetting = pushSettingOf(corrupt);
  return {
    language: (chat) =>
      guarded('read the chat language', async () => {
        const key = languageKey(chat);
        const [stored] = await readStored(keyv, [key]);
        if (stored === undefined || stored.state === 'absent') return undefined;
        const choice = stored.state === 'present' ? decodeLanguage(stored.value) : undefined;
        // A record we cannot read counts as "never seen": the chat gets its platform's language
        // again rather than no reply.
        if (choice === undefined) corrupt(key, stored.state === 'unreadable' ? stored.reason : 'not a language choice');
        return choice;
      }),
    setLanguage: (chat, choice) =>
      guarded('save the chat language', async () => {
        await keyv.set(languageKey(chat), { locale: choice.locale, chosen: choice.chosen } satisfies LanguageChoice);
      }),
    timeZone: (chat) =>
      guarded('read the chat time zone', async () => {
        const key = timeZoneKey(chat);
        const [stored] = await readStored(keyv, [key]);
        if (stored === undefined || stored.state === 'absent') return undefined;
        if (stored.state === 'present' && typeof stored.value === 'string' && stored.value !== '') return stored.value;
        corrupt(key, stored.state === 'unreadable' ? stored.reason : 'not a time zone');
        return undefined;
      }),
    setTimeZone: (chat, timeZone) =>
      guarded('save the chat time zone', async () => {
        await keyv.set(timeZoneKey(chat), timeZone);
      }),
    disruptionPushes: (chat) =>
      guarded('read whether disruptions are pushed', async () => {
        const key = disruptionPushesKey(chat);
        const [stored] = await readStored(keyv, [key]);
        return pushSetting(key, stored);
      }),
    disruptionPushesOf: (chats) =>
      guarded(`read whether disruptions are pushed to ${chats.length} chats`, async () => {
        const keys = chats.map(disruptionPushesKey);
        const stored = await readStored(keyv, keys);
        return keys.map((key, i) => pushSetting(key, stored[i]));
      }),
    setDisruptionPushes: (chat, setting) =>
      guarded('save whether disruptions are pushed', async () => {
        await keyv.set(disruptionPushesKey(chat), setting);
      }),
  };
}

function pushSettingOf(corrupt: CorruptionLog) {
  return (key: string, stored: Stored | undefined): DisruptionPushSetting => {
    if (stored === undefined || stored.state === 'absent') return 'on';
    if (stored.state === 'present' && (stored.value === 'on' || stored.value === 'off' || stored.value === 'refused')) return stored.value;
    // Unreadable: pushed, as before the setting existed (a rider can say off again).
    corrupt(key, stored.state === 'unreadable' ? stored.reason : 'not on, off or refused');
    return 'on';
  };
}

function decodeLanguage(value: unknown): LanguageChoice | undefined {
  const parsed = LanguageRecord.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
