// A chat's refusal, return and move, as writes to its records. A refusal or a return rewrites the
// chat's subscriptions and its disruption pushes setting in one step (Backend.setAll: a SQLite
// transaction, a Redis MSET), so a failure leaves the chat as it was, never half paused. A move
// goes one subscription at a time, each added under the new id before it leaves the old one: a
// crash in between leaves it in both chats, never in neither, and the next move finishes it.
import type { ChatRef } from '../domain/chat.js';
import type { Logger } from '../log.js';
import type {
  ChatLifecycle,
  ChatSettingsRepository,
  DisruptionPushSetting,
  RiderPlacesRepository,
  SavedStopsRepository,
  SubscriptionsRepository,
} from '../domain/store-ports.js';
import type { Subscription } from '../domain/subscription.js';
import { encodeSubscription } from '../domain/subscription-record.js';
import type { Backend } from './backend.js';
import { guarded } from './errors.js';
import { disruptionPushesKey } from './keys.js';
import { subscriptionKey } from './subscription-keys.js';
import { STOP_SLOTS } from './slots.js';

/** A moved chat keeps all it had; the cap applied when each was made. */
const NO_CAP = Number.MAX_SAFE_INTEGER;

export function createChatLifecycle(deps: {
  backend: Backend;
  subscriptions: SubscriptionsRepository;
  chats: ChatSettingsRepository;
  savedStops: SavedStopsRepository;
  places: RiderPlacesRepository;
  logger?: Logger | undefined;
}): ChatLifecycle {
  const { backend, subscriptions, chats, savedStops, places, logger } = deps;

  /**
   * The chat's subscriptions `pausing` picks set to `paused`, and its disruption pushes from `pushes.from`
   * to `pushes.to`, written at once; how many subscriptions changed.
   */
  async function repause(
    chat: ChatRef,
    pausing: (sub: Subscription) => boolean,
    paused: Subscription['paused'],
    pushes: { from: DisruptionPushSetting; to: DisruptionPushSetting },
  ): Promise<number> {
    const [subs, setting] = await Promise.all([subscriptions.list(chat), chats.disruptionPushes(chat)]);
    const changing = subs.filter(pausing);
    const records = changing.map((sub) => ({ key: subscriptionKey(sub.chat, sub.id), value: encodeSubscription(withPause(sub, paused)) }));
    if (setting === pushes.from) records.push({ key: disruptionPushesKey(chat), value: pushes.to });
    await guarded("pause or resume the chat's alerts", () => backend.setAll(records));
    return changing.length;
  }

  /** What the chat chose (its language, its zone, its pace) and saved (stops, places): copied first, so that a crash half-way loses nothing. */
  async function moveSettings(from: ChatRef, to: ChatRef): Promise<void> {
    // A group that said /disruptions off keeps it off under its new id (refused: it is back, so on).
    if ((await chats.disruptionPushes(from)) === 'off') await chats.setDisruptionPushes(to, 'off');
    // What the new chat already chose stays its own.
    const [language, zone, hasLanguage, hasZone] = await Promise.all([
      chats.language(from),
      chats.timeZone(from),
      chats.language(to),
      chats.timeZone(to),
    ]);
    if (language !== undefined && hasLanguage === undefined) await chats.setLanguage(to, language);
    if (zone !== undefined && hasZone === undefined) await chats.setTimeZone(to, zone);
    for (const stop of await savedStops.list(from)) {
      // Its name taken by another stop the new chat saved: it moves without it. Already there: an earlier move cut short.
      let outcome = await savedStops.add(to, stop, STOP_SLOTS);
      if (outcome === 'label-taken')
        outcome = await savedStops.add(to, { stopNo: stop.stopNo, ...(stop.name !== undefined ? { name: stop.name } : {}) }, STOP_SLOTS);
      if (outcome === 'saved' || outcome === 'already') await savedStops.remove(from, stop.stopNo);
    }
    await movePlaces(from, to);
  }

  /** Its places and walking pace, which its leave-now alerts read under the chat's id. */
  async function movePlaces(from: ChatRef, to: ChatRef): Promise<void> {
    const [mine, theirs, pace, theirPace] = await Promise.all([places.list(from), places.list(to), places.walkPace(from), places.walkPace(to)]);
    const taken = new Set(theirs.map((place) => place.name));
    // A name the new chat gave a place already stays its own (the old one stays where it was).
    for (const place of mine.filter((p) => !taken.has(p.name))) {
      if ((await places.put(to, place, NO_CAP)) !== 'full') await places.remove(from, place.name);
    }
    if (pace !== 'normal' && theirPace === 'normal') await places.setWalkPace(to, pace);
  }

  async function move(from: ChatRef, to: ChatRef): Promise<number> {
    let moved = 0;
    for (const sub of await subscriptions.list(from)) {
      // The old id's refusals say nothing of the new chat: those alerts resume; a rider's pause stays.
      const moving: Subscription = {
        ...withPause(sub, sub.paused === 'user' ? 'user' : undefined),
        chat: { ...sub.chat, platform: to.platform, chatId: to.chatId },
      };
      if ((await subscriptions.add(moving, NO_CAP)) === 'id-taken') {
        // Either an earlier move got this far before a crash (the same subscription), or the new
        // chat made one with the same id: that one stays, and this one stays where it was.
        const there = (await subscriptions.list(to)).find((s) => s.id === sub.id);
        if (there?.createdAt !== sub.createdAt) continue;
      }
      await subscriptions.remove(from, sub.id);
      moved++;
    }
    return moved;
  }

  return {
    async refused(chat) {
      try {
        const paused = await repause(chat, (s) => s.paused === undefined, 'refused', { from: 'on', to: 'refused' });
        if (paused > 0) logger?.info({ platform: chat.platform, chatId: chat.chatId, paused }, 'chat refuses the bot; its alerts are paused');
      } catch (err) {
        logger?.warn({ err, platform: chat.platform }, 'could not pause the alerts of a chat that refuses the bot');
      }
    },

    async returned(chat) {
      try {
        const resumed = await repause(chat, (s) => s.paused === 'refused', undefined, { from: 'refused', to: 'on' });
        if (resumed > 0) logger?.info({ platform: chat.platform, chatId: chat.chatId, resumed }, 'chat uses the bot again; its alerts resume');
      } catch (err) {
        logger?.warn({ err, platform: chat.platform }, 'could not resume the alerts of a chat that uses the bot again');
      }
    },

    async moved(from, to) {
      try {
        const moved = await move(from, to);
        await moveSettings(from, to);
        logger?.info(
          { platform: from.platform, from: from.chatId, to: to.chatId, moved },
          'chat moved; its alerts, saved stops, places and settings follow',
        );
      } catch (err) {
        logger?.warn({ err, platform: from.platform }, 'could not move the alerts of a migrated chat');
      }
    },
  };
}

function withPause(sub: Subscription, paused: Subscription['paused']): Subscription {
  const { paused: _, ...rest } = sub;
  return paused === undefined ? rest : { ...rest, paused };
}
