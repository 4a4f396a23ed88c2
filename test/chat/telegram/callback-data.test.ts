import { describe, expect, it } from 'vitest';
import { CALLBACK_DATA_MAX_BYTES, decodeButton, encodeButton, type ButtonPress } from '../../../src/chat/telegram/callback-data.js';

const press = (effect: ButtonPress['effect'], name: ButtonPress['command']['name'], options: Record<string, string>): ButtonPress => ({
  effect,
  command: { name, options },
});

describe('callback data', () => {
  const presses: ButtonPress[] = [
    press('update', 'next', { stop: '3017', route: '95' }),
    press('update', 'next', { stop: '3017' }),
    press('reply', 'next', { stop: '0839', route: 'R2' }),
    press('notice', 'save', { stop: '3017' }),
    press('reply', 'saved', {}),
  ];

  it("encodes compactly, in the table's argument order, and decodes back to the same press", () => {
    expect(presses.map(encodeButton)).toEqual(['2:u:next:3017:95', '2:u:next:3017', '2:r:next:0839:R2', '2:n:save:3017', '2:r:saved']);
    for (const p of presses) expect(decodeButton(encodeButton(p))).toEqual(p);
  });

  it('carries a stop that names its feed, as several feeds write them', () => {
    const scoped = [
      press('reply', 'next', { stop: 'sto:3000', route: '33' }),
      press('update', 'next', { stop: 'oc:3017' }),
      press('notice', 'save', { stop: 'tc:1.2' }),
    ];
    expect(scoped.map(encodeButton)).toEqual(['2:r:next:sto~3000:33', '2:u:next:oc~3017', '2:n:save:tc~1.2']);
    for (const p of scoped) expect(decodeButton(encodeButton(p))).toEqual(p);
  });

  it('carries a typed way as riders may type it back: accents and case aside, its spaces kept', () => {
    const typed = press('reply', 'subscribe', { stop: 'oc:3017', route: '95', when: '5', window: '07:00-09:00', direction: 'Barrhaven Centre' });
    const accented = press('reply', 'notify', { stop: 'oc:3017', route: '95', direction: 'Orléans' });
    const data = [typed, accented].map(encodeButton);
    expect(data.every((d) => d !== undefined && Buffer.byteLength(d) <= CALLBACK_DATA_MAX_BYTES)).toBe(true);
    expect(decodeButton(data[0])!.command.options.direction).toBe('Barrhaven Centre');
    expect(decodeButton(data[1])!.command.options.direction).toBe('Orleans');
  });

  it('carries the whole request: options left out stay empty, times, windows and days in few bytes', () => {
    const near = press('reply', 'subscribe', { stop: 'oc:3017', route: '95', days: 'mon,wed,fri', when: '5', window: '07:00-09:00' });
    const at = press('reply', 'subscribe', { stop: 'oc:3017', route: '95', time: '07:30', days: 'mon,wed,fri' });
    const weekdays = press('reply', 'subscribe', { stop: '3017', time: '07:30', days: 'weekdays' });
    const channel = press('reply', 'subscribe', { stop: 'sto:3000', route: '33', time: '07:30', target: '@ottawa_riders' });
    expect([near, at, weekdays, channel].map(encodeButton)).toEqual([
      '2:r:subscribe:oc~3017:95::42:5:0700-0900',
      '2:r:subscribe:oc~3017:95:0730:42',
      '2:r:subscribe:3017::0730:weekdays',
      '2:r:subscribe:sto~3000:33:0730::::@ottawa_riders',
    ]);
    for (const p of [near, at, weekdays, channel]) expect(decodeButton(encodeButton(p))).toEqual(p);
    // The longest feed id, a long code, six days: still within the limit.
    const longest = press('reply', 'subscribe', {
      stop: 'abcdefghijklmnop:12345678',
      route: '9999',
      days: 'mon,tue,wed,thu,fri,sat',
      when: '15',
      window: '16:00-18:30',
    });
    expect(Buffer.byteLength(encodeButton(longest)!)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(decodeButton(encodeButton(longest))).toEqual(longest);
    // A near alert's direction (its direction_id) last, after the channel's empty place: within the limit but
    // for the longest feed id and code (the rider's choice of way is then typed, as its message says).
    const towards = press('reply', 'subscribe', { ...longest.command.options, stop: 'oc:3017', direction: '1' });
    expect(encodeButton(towards)).toBe('2:r:subscribe:oc~3017:9999::126:15:1600-1830::1');
    expect(Buffer.byteLength(encodeButton(towards)!)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(decodeButton(encodeButton(towards))).toEqual(towards);
  });

  it("still understands the buttons of earlier versions, already in riders' chats", () => {
    expect(decodeButton('2:r:subscribe:oc~3017:95:07~30:weekdays')).toEqual(
      press('reply', 'subscribe', { stop: 'oc:3017', route: '95', time: '07:30', days: 'weekdays' }),
    );
    expect(decodeButton('r:3017:95')).toEqual(press('update', 'next', { stop: '3017', route: '95' }));
    expect(decodeButton('n:3017')).toEqual(press('reply', 'next', { stop: '3017' }));
    expect(decodeButton('s:3017')).toEqual(press('notice', 'save', { stop: '3017' }));
  });

  it('never produces more than 64 bytes; refuses what would not fit or would not parse back', () => {
    expect(encodeButton(press('reply', 'next', { stop: '1234567890123456', route: '1234567890123456' }))!.length).toBeLessThanOrEqual(
      CALLBACK_DATA_MAX_BYTES,
    );
    expect(encodeButton(press('reply', 'next', { stop: '3017', route: 'x'.repeat(80) }))).toBeUndefined();
    expect(encodeButton(press('reply', 'next', { stop: '30 17' }))).toBeUndefined();
    expect(encodeButton(press('reply', 'next', { stop: '30~17' }))).toBeUndefined();
    expect(encodeButton(press('reply', 'stop', { query: 'rideau centre' }))).toBeUndefined();
    expect(encodeButton({ effect: 'reply', command: { name: 'nope' as never, options: {} } })).toBeUndefined();
  });

  it('rejects stale, foreign or malicious data', () => {
    for (const data of [
      undefined,
      42,
      {},
      '',
      'r',
      'x:3017',
      'r:3017:95:1',
      's:3017:95',
      'r:30 17',
      'n:3017:<b>',
      'r:' + '1'.repeat(70),
      'refresh:3017',
      '2:x:next:3017',
      '2:u:nope:3017',
      // More values than /next has arguments (stop, route, a later time).
      '2:u:next:3017:95:tomorrow:extra',
      '2:u:constructor',
      '2:__proto__:next',
      'r::95',
      'r:3017:',
    ]) {
      expect(decodeButton(data)).toBeUndefined();
    }
  });
});
