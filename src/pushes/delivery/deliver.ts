// Sending one job: the same steps whichever queue runs it (in-process or BullMQ). Alerts already
// marked sent are dropped first (a stalled job run again, a repeat), then those whose subscription
// was removed or paused since the tick (a slow upstream leaves seconds for /unsubscribe), one
// sender per chat at a time, the chat's own pace kept, and a mark per alert once the platform
// accepted the message (retried while the store fails, so that a failover does not double it).
import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import type { ChatLifecycle, ChatSettingsRepository, Claims, SubscriptionsRepository } from '../../domain/store-ports.js';
import type { Sleep } from '../../util/sleep.js';
import { errorLine } from '../../util/error-line.js';
import type { AlertMetricsSink } from '../../domain/alert-metrics-sink.js';
import { mergeReplies, packMessages } from './merge-replies.js';
import { onceKey } from './once-key.js';
import type { Notifier, SendOptions } from '../../domain/notifier.js';
import { chatPaceKey, chatSendingKey } from '../claim-keys.js';
import type { AlertJob, AlertPart } from './job.js';
import type { AlertTarget } from '../../domain/chat.js';
import { chatInterval, type AlertSettings } from '../settings.js';
import { DISRUPTION_SENT_TTL_MS } from '../disruptions/disruption-pushes.js';

export type DeliveryOutcome =
  | { kind: 'sent'; messages: number }
  /** Every alert in it was sent already: nothing to do. */
  | { kind: 'skipped' }
  /** The chat is busy or must wait for its pace: try again in `ms`, not counted as an attempt. */
  | { kind: 'wait'; ms: number }
  /** The platform refuses the chat for good: its alerts are paused. */
  | { kind: 'refused'; reason: string }
  /** Worth another attempt later (the queue bounds how many). */
  | { kind: 'retry'; reason: string }
  /** Nothing can deliver it (no adapter for its platform): not retried. */
  | { kind: 'dropped'; reason: string };

export interface DeliverDeps {
  notifiers: readonly Notifier[];
  claims: Claims;
  subscriptions: Pick<SubscriptionsRepository, 'list' | 'remove'>;
  /** Whether a chat still wants disruptions pushed (read just before sending them); absent: it does. */
  chats?: Pick<ChatSettingsRepository, 'disruptionPushes'>;
  lifecycle: Pick<ChatLifecycle, 'refused' | 'moved'>;
  settings: AlertSettings;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetricsSink;
  /** Names this process in the claims it holds. */
  instance: string;
  sleep: Sleep;
  /** How long one chat's send may hold the chat; a dead sender's hold lapses after it. */
  sendingLeaseMs?: number;
  /** How long "sent" marks last: far beyond the catch-up window and a fall-back hour. */
  sentTtlMs?: number;
  /** How long a sent alert's mark is retried while the store fails (60 s). */
  markForMs?: number;
  /**
   * A chat's pace across the fleet, sends and live edits together (fleet-budget.ts): 0 when one
   * message to it is counted, else the ms until one may be; absent: the chat's own interval alone.
   */
  chatPace?: (chat: AlertTarget) => Promise<number>;
}

const SENDING_LEASE_MS = 30_000;
const SENT_TTL_MS = 48 * 3_600_000;
/** How long a sent alert's mark is retried while the store fails: beyond a cluster's failover. */
const MARK_FOR_MS = 60_000;
const MARK_FIRST_RETRY_MS = 250;
const MARK_LONGEST_RETRY_MS = 1_000;

export type Deliver = (job: AlertJob) => Promise<DeliveryOutcome>;

export function createDeliver(deps: DeliverDeps): Deliver {
  const { claims, logger, metrics } = deps;
  const notifiers = new Map(deps.notifiers.map((n) => [n.platform, n]));
  const refusedLogged = new Set<string>();
  const missingLogged = new Set<string>();

  /**
   * Sends the parts, a message at a time; `messages`: how many the platform accepted; `movedTo`:
   * the chat's new id, when the platform says it moved (the rest is sent there).
   */
  async function sendParts(
    job: AlertJob,
    notifier: Notifier,
    parts: AlertPart[],
  ): Promise<{ outcome: DeliveryOutcome; messages: number; movedTo?: string }> {
    const groups = packMessages(parts, (p) => p.reply);
    let messages = 0;
    for (const group of groups) {
      if (messages > 0) await deps.sleep(chatInterval(job.chat, deps.settings));
      for (let wait = await paceOf(job); wait > 0; wait = await paceOf(job)) {
        // Nothing sent yet: the job waits in the queue rather than holding a worker (and the chat's send hold).
        if (messages === 0) return { outcome: { kind: 'wait', ms: wait }, messages };
        await deps.sleep(wait);
      }
      // Named by its alerts' marks: sent again (a mark lost, the job run again) it shows once where the platform can promise it.
      const once = onceKey(
        job.chat,
        group.map((p) => p.key),
      );
      const result = await sendSafely(notifier, job.chat.chatId, mergeReplies(group.map((p) => p.reply)), { once });
      switch (result.status) {
        case 'permanent-failure':
          return { outcome: await refused(job, result.reason), messages };
        case 'temporary-failure':
          metrics.failed(job.chat.platform, 'temporary');
          return { outcome: { kind: 'retry', reason: result.reason }, messages };
        case 'moved':
          return { outcome: { kind: 'retry', reason: result.reason }, messages, movedTo: result.chatId };
        case 'sent':
          messages++;
          metrics.sent(job.chat.platform, group.length, (deps.clock().getTime() - job.dueAt) / 1000);
          await markSent(job, group);
      }
    }
    return { outcome: { kind: 'sent', messages }, messages };
  }

  const paceOf = (job: AlertJob) => deps.chatPace?.(job.chat) ?? Promise.resolve(0);

  async function markSent(job: AlertJob, parts: AlertPart[]): Promise<void> {
    const at = String(deps.clock().getTime());
    await Promise.all(parts.map((part) => markOne(job, part, at)));
  }

  /**
   * The message went out: its mark must land, or a run of the job again (a stalled job, a catch-up)
   * sends it twice. So a store that fails here (a cluster failing over) is asked again, not the
   * platform, for up to `markForMs`.
   */
  async function markOne(job: AlertJob, part: AlertPart, at: string): Promise<void> {
    let marked = false;
    let failures = 0;
    for (let waited = 0, delay = MARK_FIRST_RETRY_MS; ; waited += delay, delay = Math.min(delay * 2, MARK_LONGEST_RETRY_MS)) {
      try {
        if (!marked) {
          const ttl = part.disruption === true ? DISRUPTION_SENT_TTL_MS : (deps.sentTtlMs ?? SENT_TTL_MS);
          // After a failure the mark may have landed with its answer lost: then it is this one's.
          const taken = (await claims.claim(part.key, at, ttl)) || (failures > 0 && (await claims.holder(part.key)) === at);
          if (!taken) logger.warn({ key: part.key }, 'alert was already marked sent: it went out twice');
          marked = true;
        }
        if (part.oneShot) await deps.subscriptions.remove(job.chat, part.subId);
        if (failures > 0) logger.info({ key: part.key, failures }, 'alert sent and marked once the store answered again');
        return;
      } catch (err) {
        failures++;
        if (waited >= (deps.markForMs ?? MARK_FOR_MS)) {
          logger.error({ key: part.key, error: errorLine(err) }, 'alert sent but not marked: a catch-up may send it again');
          return;
        }
        if (failures === 1) logger.warn({ key: part.key, error: errorLine(err) }, 'alert sent; its mark waits for the store');
        await deps.sleep(delay);
      }
    }
  }

  async function refused(job: AlertJob, reason: string): Promise<DeliveryOutcome> {
    metrics.failed(job.chat.platform, 'permanent');
    const chat = `${job.chat.platform}:${job.chat.chatId}`;
    if (!refusedLogged.has(chat)) {
      refusedLogged.add(chat);
      logger.warn({ platform: job.chat.platform, chatId: job.chat.chatId, reason }, 'the platform refuses the chat: its alerts are paused');
    }
    await deps.lifecycle.refused({ platform: job.chat.platform, chatId: job.chat.chatId });
    return { kind: 'refused', reason };
  }

  /** A chat's new id (a group that became a supergroup): its alerts move there, unpaused, and this job is sent there, once. */
  async function followMove(job: AlertJob, to: string): Promise<DeliveryOutcome> {
    const from = { platform: job.chat.platform, chatId: job.chat.chatId };
    await deps.lifecycle.moved(from, { platform: job.chat.platform, chatId: to });
    return deliverTo({ ...job, chat: { ...job.chat, chatId: to } }, false);
  }

  return (job) => deliverTo(job, true);

  async function deliverTo(job: AlertJob, mayFollowMove: boolean): Promise<DeliveryOutcome> {
    const notifier = notifiers.get(job.chat.platform);
    if (notifier === undefined) {
      if (!missingLogged.has(job.chat.platform)) {
        missingLogged.add(job.chat.platform);
        logger.warn({ platform: job.chat.platform }, 'alerts due on a platform this instance does not serve: dropped');
      }
      metrics.failed(job.chat.platform, 'no-adapter');
      return { kind: 'dropped', reason: `no ${job.chat.platform} adapter` };
    }
    const sending = chatSendingKey(job.chat);
    // Names this send, so that only it lets the hold go (not a later sender's, should it lapse).
    const holder = `${deps.instance}:${job.id}`;
    try {
      if (!(await claims.claim(sending, holder, deps.sendingLeaseMs ?? SENDING_LEASE_MS))) return { kind: 'wait', ms: 500 };
    } catch (err) {
      return storeTrouble(job, err);
    }
    let movedTo: string | undefined;
    try {
      if ((await claims.holder(chatPaceKey(job.chat))) !== undefined)
        return { kind: 'wait', ms: Math.min(chatInterval(job.chat, deps.settings), 1_000) };
      const marks = await Promise.all(job.parts.map((p) => claims.holder(p.key)));
      const unsent = await stillWanted(
        job,
        job.parts.filter((_, i) => marks[i] === undefined),
      );
      if (unsent.length === 0) return { kind: 'skipped' };
      const sent = await sendParts(job, notifier, unsent);
      // Taken before the send hold is released, so the next sender to this chat sees it.
      if (sent.messages > 0) await claims.claim(chatPaceKey(job.chat), deps.instance, chatInterval(job.chat, deps.settings)).catch(() => false);
      if (sent.movedTo === undefined || !mayFollowMove) return sent.outcome;
      movedTo = sent.movedTo;
    } catch (err) {
      return storeTrouble(job, err);
    } finally {
      await letGo(sending, holder);
    }
    return followMove(job, movedTo);
  }

  /** The parts whose subscription is still there and active (disruptions: still wanted by the chat), read just before sending. */
  async function stillWanted(job: AlertJob, parts: AlertPart[]): Promise<AlertPart[]> {
    if (parts.length === 0) return parts;
    const alerts = parts.some((p) => p.disruption !== true);
    const disruptions = parts.some((p) => p.disruption === true);
    const subs = alerts ? await deps.subscriptions.list(job.chat) : [];
    const active = new Set(subs.filter((s) => s.paused === undefined).map((s) => s.id));
    const pushes = disruptions && deps.chats !== undefined ? (await deps.chats.disruptionPushes(job.chat)) === 'on' : true;
    // A chat that refused the bot, or paused every alert it has, is not told through its live messages either.
    const paused = subs.some((s) => s.paused === 'refused') || (subs.length > 0 && active.size === 0);
    const wanted = parts.filter((p) => (p.disruption === true ? pushes : p.live === true ? !paused : active.has(p.subId)));
    if (wanted.length < parts.length)
      logger.info({ job: job.id, dropped: parts.length - wanted.length }, 'alerts removed or paused since they were due: not sent');
    return wanted;
  }

  async function letGo(key: string, holder: string): Promise<void> {
    try {
      if ((await claims.holder(key)) === holder) await claims.release(key);
    } catch (err) {
      logger.warn({ error: errorLine(err) }, 'could not release a chat send hold; it lapses by itself');
    }
  }

  function storeTrouble(job: AlertJob, err: unknown): DeliveryOutcome {
    metrics.failed(job.chat.platform, 'store');
    return { kind: 'retry', reason: `store: ${errorLine(err)}` };
  }
}

/** A notifier is not supposed to throw; if one does, that counts as a failure worth retrying. */
async function sendSafely(notifier: Notifier, chatId: string, reply: Parameters<Notifier['send']>[1], options: SendOptions) {
  try {
    return await notifier.send(chatId, reply, options);
  } catch (err) {
    return { status: 'temporary-failure' as const, reason: errorLine(err) };
  }
}
