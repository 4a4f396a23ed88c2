import { describe, expect, it } from 'vitest';
import { targetOf, userChatId } from '../../../src/chat/discord/index.js';

describe('Discord chat ids', () => {
  it('tell a server channel from a user, and back', () => {
    expect(targetOf('1300000000000000302')).toEqual({ kind: 'channel', channelId: '1300000000000000302' });
    expect(targetOf(userChatId('1300000000000000202'))).toEqual({ kind: 'user', userId: '1300000000000000202' });
  });

  it('are nothing else: not a Telegram chat, not a name, not a non-string', () => {
    for (const id of [
      '-100200300',
      '42',
      'general',
      '@',
      '@alice',
      '@@1300000000000000202',
      ' 1300000000000000302',
      '1'.repeat(21),
      undefined,
      null,
      1_300_000,
    ]) {
      expect(targetOf(id), String(id)).toBeUndefined();
    }
  });
});
