import { describe, expect, it } from 'vitest';
import type { ButtonAction } from '../../../src/bot/reply.js';
import { CALLBACK_DATA_MAX_BYTES, decodeAction, encodeAction } from '../../../src/chat/telegram/callback-data.js';

describe('callback data', () => {
  const actions: ButtonAction[] = [
    { type: 'refresh', stopNo: '3017', routeNo: '95' },
    { type: 'refresh', stopNo: '3017' },
    { type: 'next', stopNo: '0839', routeNo: 'R2' },
    { type: 'next', stopNo: '3017' },
    { type: 'save-stop', stopNo: '3017' },
  ];

  it('encodes compactly and decodes back to the same action', () => {
    expect(actions.map(encodeAction)).toEqual(['r:3017:95', 'r:3017', 'n:0839:R2', 'n:3017', 's:3017']);
    for (const action of actions) expect(decodeAction(encodeAction(action))).toEqual(action);
  });

  it('never produces more than 64 bytes; refuses what would not fit or would not parse back', () => {
    expect(encodeAction({ type: 'next', stopNo: '1234567890', routeNo: '12345678' })!.length).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(encodeAction({ type: 'next', stopNo: '3017', routeNo: 'x'.repeat(80) })).toBeUndefined();
    expect(encodeAction({ type: 'next', stopNo: '30:17' })).toBeUndefined();
    expect(encodeAction({ type: 'refresh', stopNo: '' })).toBeUndefined();
  });

  it('rejects stale, foreign or malicious data', () => {
    for (const data of [undefined, '', 'r', 'x:3017', 'r:3017:95:1', 's:3017:95', 'r:30 17', 'n:3017:<b>', 'r:' + '1'.repeat(70), 'refresh:3017']) {
      expect(decodeAction(data)).toBeUndefined();
    }
  });
});
