import { z } from 'zod';
import { CHAT_TYPES, platformName, type Platform } from '../domain/chat.js';
import type { Reply } from '../domain/reply.js';
import type { LiveMessage, LiveMessagesRepository } from '../domain/store-ports.js';
import type { Backend } from './backend.js';
import { guarded } from './errors.js';
import { readStored, type CorruptionLog } from './records.js';

// Live messages: one record per message (with a time to live past any live period, so that a
// bot that dies never leaves them behind), and a native set per platform naming them (keyv cannot
// list keys). A set member whose record has expired or cannot be read is dropped as it is found.

const LiveRecord = z.object({
  id: z.string().min(1).max(200),
  platform: platformName,
  chatId: z.string().min(1).max(100),
  chatType: z.enum(CHAT_TYPES),
  messageId: z.string().min(1).max(200),
  // Discord: the channel its message is in (a DM's); records written before it had none.
  channelId: z.string().min(1).max(100).optional(),
  // Telegram: the message of facts beside a pin; records written before it had none.
  cardId: z.string().min(1).max(200).optional(),
  // A /line picture redrawn in place ('picture') and a 🚌 tracked trip came later than the others; absent: a pin.
  kind: z.enum(['location', 'board', 'picture', 'track']).optional(),
  // A 🚌 tracked trip's pin and trip; records written before had neither.
  pinId: z.string().min(1).max(200).optional(),
  followKey: z.string().min(1).max(200).optional(),
  languageCode: z.string().max(35).optional(),
  request: z.object({ name: z.string(), options: z.record(z.string(), z.string()) }),
  until: z.iso.datetime({ offset: true }),
});

/** An answer as a live message showed it, read back without trusting it (what rendering needs, nothing more). */
const ShownReply = z.object({
  title: z.string().max(10_000).optional(),
  blocks: z.array(z.object({ heading: z.string().max(10_000).optional(), lines: z.array(z.string().max(10_000)).max(500) })).max(200),
  footer: z.array(z.string().max(10_000)).max(50).optional(),
  buttons: z
    .array(
      z
        .array(
          z.object({
            label: z.string().max(200),
            command: z.object({ name: z.string(), options: z.record(z.string(), z.string()) }),
            effect: z.enum(['update', 'reply', 'notice']),
          }),
        )
        .max(50),
    )
    .max(50)
    .optional(),
  kind: z.enum(['answer', 'usage-error', 'failure']),
});

/** The digest of the picture a live message shows, kept beside its answer (absent before pictures were kept live). */
const PictureDigest = z.object({ pictureDigest: z.string().min(1).max(128).optional() });

/**
 * A record's time to live: past the longest live period (Telegram's, a day), so that one whose
 * updater died goes by itself; the updater removes every record it ends.
 */
const RECORD_TTL_MS = 25 * 3600_000;

const recordKey = (id: string) => `live.${id}`;
const shownKey = (id: string) => `live-shown.${id}`;
const indexKey = (platform: Platform) => `live-index.${platform}`;

export function createLiveMessages(backend: Backend, corrupt: CorruptionLog): LiveMessagesRepository {
  return {
    put: (message) =>
      guarded('save a live message', async () => {
        await backend.keyv.set(recordKey(message.id), message, RECORD_TTL_MS);
        await backend.sets.add(indexKey(message.platform), [message.id]);
      }),
    list: (platform) =>
      guarded('read the live messages', async () => {
        const [ids = []] = await backend.sets.members([indexKey(platform)]);
        if (ids.length === 0) return [];
        const stored = await readStored(
          backend.keyv,
          ids.map((id) => recordKey(id)),
        );
        const found: LiveMessage[] = [];
        const gone: string[] = [];
        stored.forEach((entry, i) => {
          const id = ids[i]!;
          const parsed = entry?.state === 'present' ? LiveRecord.safeParse(entry.value) : undefined;
          if (parsed?.success === true) found.push(parsed.data as LiveMessage);
          else {
            if (entry?.state === 'unreadable' || parsed?.success === false) corrupt(recordKey(id), 'not a live message');
            gone.push(id);
          }
        });
        if (gone.length > 0) await backend.sets.remove(indexKey(platform), gone);
        return found;
      }),
    remove: (message) =>
      guarded('remove a live message', async () => {
        await backend.keyv.delete(recordKey(message.id));
        await backend.keyv.delete(shownKey(message.id));
        await backend.sets.remove(indexKey(message.platform), [message.id]);
      }),
    keepShown: (message, reply) =>
      guarded('keep what a live message shows', async () => {
        // Only what rendering needs (a fix's place or a live period is the record's business), and
        // the digest of the picture shown: never its PNG, which a round draws again if it must.
        const { title, blocks, footer, buttons, kind, pictureDigest } = reply;
        await backend.keyv.set(
          shownKey(message.id),
          { title, blocks, footer, buttons, kind, ...(pictureDigest !== undefined ? { pictureDigest } : {}) },
          RECORD_TTL_MS,
        );
      }),
    shownPicture: (message) =>
      guarded('read which picture a live message shows', async () => {
        const [entry] = await readStored(backend.keyv, [shownKey(message.id)]);
        if (entry?.state !== 'present') return undefined;
        const parsed = PictureDigest.safeParse(entry.value);
        return parsed.success ? parsed.data.pictureDigest : undefined;
      }),
    lastShown: (message) =>
      guarded('read what a live message showed', async () => {
        const [entry] = await readStored(backend.keyv, [shownKey(message.id)]);
        if (entry?.state === 'unreadable') corrupt(shownKey(message.id), 'not an answer a live message showed');
        if (entry?.state !== 'present') return undefined;
        const parsed = ShownReply.safeParse(entry.value);
        if (!parsed.success) corrupt(shownKey(message.id), 'not an answer a live message showed');
        return parsed.success ? (parsed.data as Reply) : undefined;
      }),
  };
}
