// The keys the pushes claim and mark, held to the strings stores already hold: a store written by
// an earlier version keeps working only if every key is spelled as it was (a mark spelled anew is
// a mark not found, and its alert or disruption goes out again).
import { describe, expect, it } from 'vitest';
import {
  alertQueuedKey,
  alertSentKey,
  chatPaceKey,
  chatSendingKey,
  disruptionScanDoneKey,
  disruptionScanLeaseKey,
  disruptionSentKey,
  liveRoundKey,
  minuteDoneKey,
  minuteLeaseKey,
  tripChangeSentKey,
  tripIdentity,
} from '../../src/pushes/claim-keys.js';
import { at, near, subscription } from './fakes.js';

const minute = Date.parse('2026-11-23T12:30:00Z');
const local = { date: '2026-11-23', minute: 450, weekday: 1 } as const;
const telegram = { platform: 'telegram', chatId: '-1001234' } as const;
const discord = { platform: 'discord', chatId: '@5678' } as const;

describe('the pushes keys, as stores hold them', () => {
  it("an alert minute's lease and done mark, per platform", () => {
    expect(minuteLeaseKey(minute, 'telegram')).toBe('alerts:minute:29923950:telegram:lease');
    expect(minuteDoneKey(minute, 'discord')).toBe('alerts:minute:29923950:discord:done');
  });

  it("an alert's sent mark by its kind's cadence, and a once-a-day alert's queued hold", () => {
    const timed = subscription(at('07:30'), { id: 'a1', chatId: '42' });
    const nearBy = subscription(near(5, '07:00', '09:00'), { id: 'n2', chatId: '42' });
    expect(alertSentKey(timed, local)).toBe('alerts:sent:telegram:42:a1:2026-11-23:450');
    expect(alertSentKey(nearBy, local)).toBe('alerts:sent:telegram:42:n2:2026-11-23:near');
    expect(alertQueuedKey(nearBy, local)).toBe('alerts:near-queued:telegram:42:n2:2026-11-23');
  });

  it("a chat's sender hold and pace", () => {
    expect(chatSendingKey(telegram)).toBe('alerts:chat:telegram:-1001234:sending');
    expect(chatPaceKey(discord)).toBe('alerts:chat:discord:@5678:pace');
  });

  it("a disruption snapshot's scan lease and done mark; a chat's sent mark per version", () => {
    expect(disruptionScanLeaseKey('telegram', '0123456789abcdef')).toBe('disruptions:scan:telegram:0123456789abcdef');
    expect(disruptionScanDoneKey('discord', '0123456789abcdef')).toBe('disruptions:scanned:discord:0123456789abcdef');
    expect(disruptionSentKey(telegram, { id: 'oc:detour-95', version: '3f2a' })).toBe('disruptions:sent:telegram:-1001234:oc:detour-95:3f2a');
  });

  it("a trip change's sent mark: the chat, the stop, the trip as answers name it, the kind", () => {
    const trip = { startTime: '07:12', minutesAway: 12, at: new Date('2026-11-23T12:42:30Z') };
    expect(tripChangeSentKey(telegram, 'oc:3017', tripIdentity('95', trip, new Date('2026-11-23T12:30:07Z')), 'cancelled')).toBe(
      'trips:sent:telegram:-1001234:oc:3017:95:07:12:2026-11-23T12:42Z:cancelled',
    );
  });

  it("a live message's round", () => {
    expect(liveRoundKey('telegram:42:777', 59_000_123)).toBe('live-round.telegram:42:777.59000123');
  });
});
