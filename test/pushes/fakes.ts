// Stand-ins for the scheduler's tests: claims in memory (real time, like the stores' TTLs), a
// notifier that records what it was asked to send and answers as scripted, and subscriptions.
import { pino } from 'pino';
import type { DeliveryResult, Notifier } from '../../src/domain/notifier.js';
import type { AlertSchedule } from '../../src/domain/alert-kinds/index.js';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../../src/pushes/settings.js';
import type { Subscription } from '../../src/domain/subscription.js';
import type { AlertTarget } from '../../src/domain/chat.js';
import type { Reply } from '../../src/domain/reply.js';
import type { Claims } from '../../src/domain/store-ports.js';
import type { Platform } from '../../src/domain/chat.js';

export const OTTAWA = 'America/Toronto';

export function memoryClaims(): Claims & { held: Map<string, { value: string; until: number }> } {
  const held = new Map<string, { value: string; until: number }>();
  const live = (key: string) => {
    const entry = held.get(key);
    if (entry !== undefined && entry.until <= Date.now()) held.delete(key);
    return held.get(key);
  };
  return {
    held,
    claim(key, value, ttlMs) {
      if (live(key) !== undefined) return Promise.resolve(false);
      held.set(key, { value, until: ttlMs === undefined ? Infinity : Date.now() + ttlMs });
      return Promise.resolve(true);
    },
    holder: (key) => Promise.resolve(live(key)?.value),
    release: (key) => Promise.resolve(void held.delete(key)),
  };
}

export interface Sent {
  chatId: string;
  reply: Reply;
  /** The test clock's reading when it was sent. */
  at: string;
  /** All the text of the message, one string. */
  text: string;
  /** The key it was sent under (Notifier.send's `once`), if any. */
  once?: string;
}

export type Script = (chatId: string, reply: Reply, attempt: number) => DeliveryResult | Promise<DeliveryResult>;

export function recordingNotifier(
  now: () => Date,
  options: { platform?: Platform; script?: Script } = {},
): Notifier & { sent: Sent[]; attempts: Map<string, number> } {
  const sent: Sent[] = [];
  const attempts = new Map<string, number>();
  return {
    platform: options.platform ?? 'telegram',
    sent,
    attempts,
    async send(chatId, reply, sendOptions) {
      const attempt = (attempts.get(chatId) ?? 0) + 1;
      attempts.set(chatId, attempt);
      const result = (await options.script?.(chatId, reply, attempt)) ?? { status: 'sent' };
      const once = sendOptions?.once !== undefined ? { once: sendOptions.once } : {};
      if (result.status === 'sent') sent.push({ chatId, reply, at: now().toISOString(), text: textOf(reply), ...once });
      return result;
    },
  };
}

export function textOf(reply: Reply): string {
  return [reply.title, ...reply.blocks.flatMap((b) => [b.heading, ...b.lines]), ...(reply.footer ?? [])].filter((t) => t !== undefined).join('\n');
}

/** Fast enough for tests: no real per-chat or per-second waits worth noticing. */
export function testSettings(overrides: Partial<AlertSettings> = {}): AlertSettings {
  return {
    ...DEFAULT_ALERT_SETTINGS,
    perSecond: { telegram: 1000, discord: 1000, console: 1000 },
    chatIntervalMs: 5,
    groupPerMinute: 6000,
    ...overrides,
  };
}

let serial = 0;

export function subscription(
  schedule: AlertSchedule,
  extra: Partial<Subscription> & { chatId?: string; chatType?: AlertTarget['chatType'] } = {},
): Subscription {
  const { chatId, chatType, ...rest } = extra;
  serial++;
  return {
    id: `s${serial.toString(36).padStart(3, '0')}`,
    chat: { platform: 'telegram', chatId: chatId ?? '42', chatType: chatType ?? 'private' },
    stopNo: '3017',
    routeNo: '95',
    schedule,
    timeZone: OTTAWA,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...rest,
  };
}

export const at = (hhmm: string, days: AlertSchedule['days'] = [0, 1, 2, 3, 4, 5, 6]): AlertSchedule => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return { kind: 'at', minute: h * 60 + m, days };
};

export const near = (withinMinutes: number, from: string, until: string, days: AlertSchedule['days'] = [0, 1, 2, 3, 4, 5, 6]): AlertSchedule => {
  const minute = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return { kind: 'near', withinMinutes, from: minute(from), until: minute(until), days };
};

/** A logger whose lines the test can read. */
export function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines, messages: () => lines.map((l) => String(l.msg)) };
}
