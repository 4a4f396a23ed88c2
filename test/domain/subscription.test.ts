import { describe, expect, it } from 'vitest';
import { decodeSubscription, encodeSubscription } from '../../src/domain/subscription-record.js';
import { endOf, hasEnded, isSubscriptionDue, type Subscription } from '../../src/domain/subscription.js';
import { near, subscription } from '../pushes/fakes.js';

const SUNDAY_2250 = { date: '2026-11-22', minute: 22 * 60 + 50, weekday: 0 } as const;

describe('when a subscription ends', () => {
  it('a one-shot ends at its endsAt, fired or not; one without an end lasts', () => {
    const oneShot = subscription(near(5, '22:50', '23:50', [0]), { oneShot: true, endsAt: '2026-11-23T04:51:00.000Z' });
    expect(hasEnded(oneShot, new Date('2026-11-23T04:50:59Z'))).toBe(false);
    expect(hasEnded(oneShot, new Date('2026-11-23T04:51:00Z'))).toBe(true);
    expect(isSubscriptionDue(oneShot, oneShot.timeZone, SUNDAY_2250, new Date('2026-11-23T03:50:00Z'))).toBe(true);
    expect(isSubscriptionDue(oneShot, oneShot.timeZone, { ...SUNDAY_2250, date: '2026-11-29' }, new Date('2026-11-30T03:50:00Z'))).toBe(false);
    expect(endOf(subscription(near(5, '22:50', '23:50', [0])))).toBeUndefined();
  });

  it("an earlier version's 🔔 record, stored without an end, ends with the window it opened, and reads back as it was", () => {
    const stored = JSON.stringify({
      id: 'k3f9',
      chat: { platform: 'telegram', chatId: '42', chatType: 'private' },
      stopNo: '3017',
      routeNo: '95',
      schedule: { kind: 'near', withinMinutes: 5, from: 1370, until: 1430, days: [0] },
      timeZone: 'America/Toronto',
      oneShot: true,
      createdAt: '2026-11-23T03:50:12.345Z',
    });
    const decoded = decodeSubscription(stored);
    expect(decoded.ok).toBe(true);
    const sub = (decoded as { subscription: Subscription }).subscription;
    expect(JSON.parse(encodeSubscription(sub))).toEqual(JSON.parse(stored));
    // 22:50 to 23:50 included: over at 23:51 (04:51Z).
    expect(new Date(endOf(sub)!).toISOString()).toBe('2026-11-23T04:51:00.000Z');
  });
});
