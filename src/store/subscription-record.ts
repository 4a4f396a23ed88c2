// A stored subscription, read without trusting it: a record of the wrong shape is skipped (and
// logged once by the caller), never handed to the scheduler half-formed.
import { z } from 'zod';
import type { Subscription } from '../alerts/subscription.js';

const Day = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);
const MinuteOfDay = z.number().int().min(0).max(1439);

const Schedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('at'), minute: MinuteOfDay, days: z.array(Day) }),
  z.object({ kind: z.literal('near'), withinMinutes: z.number().int().positive(), from: MinuteOfDay, until: MinuteOfDay, days: z.array(Day) }),
]);

const SubscriptionRecord = z.object({
  id: z.string().min(1),
  chat: z.object({
    platform: z.enum(['telegram', 'discord', 'console']),
    chatId: z.string().min(1),
    chatType: z.enum(['private', 'group', 'channel']),
  }),
  stopNo: z.string().min(1),
  routeNo: z.string().min(1).optional(),
  schedule: Schedule,
  timeZone: z.string().min(1),
  paused: z.enum(['user', 'refused']).optional(),
  oneShot: z.boolean().optional(),
  createdAt: z.string(),
});

/** The subscription, or why it is not one. */
export function decodeSubscription(value: unknown): { ok: true; subscription: Subscription } | { ok: false; reason: string } {
  const parsed = SubscriptionRecord.safeParse(value);
  if (!parsed.success) return { ok: false, reason: `not a subscription (${parsed.error.issues[0]?.path.join('.') || 'shape'})` };
  return { ok: true, subscription: withoutUndefined(parsed.data) };
}

/** What is written: exactly the model's fields, so a record reads back equal to what was added. */
export function encodeSubscription(sub: Subscription): Subscription {
  const checked = decodeSubscription(sub);
  if (!checked.ok) throw new RangeError(`cannot store a subscription that is ${checked.reason}`);
  return checked.subscription;
}

function withoutUndefined(record: z.infer<typeof SubscriptionRecord>): Subscription {
  const { routeNo, paused, oneShot, ...rest } = record;
  return {
    ...rest,
    ...(routeNo !== undefined ? { routeNo } : {}),
    ...(paused !== undefined ? { paused } : {}),
    ...(oneShot !== undefined ? { oneShot } : {}),
  };
}
