// A stored subscription, read without trusting it: a record of the wrong shape is skipped (and
// logged once by the caller), never handed to the scheduler half-formed.
import { z } from 'zod';
import { CHAT_TYPES, platformName } from './chat.js';
import { ScheduleRecord } from './alert-kinds/index.js';
import type { Subscription } from './subscription.js';

const SubscriptionRecord = z.object({
  id: z.string().min(1),
  chat: z.object({
    platform: platformName,
    chatId: z.string().min(1),
    chatType: z.enum(CHAT_TYPES),
  }),
  stopNo: z.string().min(1),
  routeNo: z.string().min(1).optional(),
  schedule: ScheduleRecord,
  timeZone: z.string().min(1),
  paused: z.enum(['user', 'refused']).optional(),
  oneShot: z.boolean().optional(),
  endsAt: z.string().optional(),
  createdAt: z.string(),
});

type Decoded = { ok: true; subscription: Subscription } | { ok: false; reason: string };

/**
 * The subscription, or why it is not one. Records are stored as JSON text inside keyv's value:
 * keyv revives every value of what it parses, which for a whole object costs more than the rest
 * of a tick's reading; a plain JSON.parse of one string does not. (Records an earlier version
 * stored as objects were rewritten as text at open: store/migrations/.)
 */
export function decodeSubscription(value: unknown): Decoded {
  if (typeof value !== 'string') return { ok: false, reason: 'not JSON text' };
  let record: unknown;
  try {
    record = JSON.parse(value);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  return checked(record);
}

/** What is written: exactly the model's fields as JSON text, so a record reads back equal to what was added. */
export function encodeSubscription(sub: Subscription): string {
  const record = checked(sub);
  if (!record.ok) throw new RangeError(`cannot store a subscription that is ${record.reason}`);
  return JSON.stringify(record.subscription);
}

function checked(record: unknown): Decoded {
  const parsed = SubscriptionRecord.safeParse(record);
  if (!parsed.success) return { ok: false, reason: `not a subscription (${parsed.error.issues[0]?.path.join('.') || 'shape'})` };
  return { ok: true, subscription: withoutUndefined(parsed.data) };
}

function withoutUndefined(record: z.infer<typeof SubscriptionRecord>): Subscription {
  const { routeNo, paused, oneShot, endsAt, ...rest } = record;
  return {
    ...rest,
    ...(routeNo !== undefined ? { routeNo } : {}),
    ...(paused !== undefined ? { paused } : {}),
    ...(oneShot !== undefined ? { oneShot } : {}),
    ...(endsAt !== undefined ? { endsAt } : {}),
  };
}
