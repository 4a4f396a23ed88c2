import { describe, expect, it } from 'vitest';
import { withUpdatedTime } from '../../../src/chat/telegram/updated-footer.js';
import { createFakeCore } from './fake-core.js';

describe('withUpdatedTime', () => {
  const core = createFakeCore();
  const at0812 = Date.parse('2026-11-18T13:12:30Z'); // 08:12 in Ottawa (EST)

  it('appends the refresh time (Ottawa clock) when the reply does not carry it', () => {
    const reply = withUpdatedTime({ kind: 'answer', blocks: [], footer: ['legend'] }, core, 'en', at0812);
    expect(reply.footer).toEqual(['legend', 'Updated at 08:12']);
    expect(withUpdatedTime({ kind: 'answer', blocks: [] }, core, 'fr', at0812).footer).toEqual(['[fr] Updated at 08:12']);
  });

  it('leaves a reply that already says it alone', () => {
    const reply = { kind: 'answer' as const, blocks: [], footer: ['Updated at 08:12'] };
    expect(withUpdatedTime(reply, core, 'en', at0812)).toBe(reply);
  });
});
