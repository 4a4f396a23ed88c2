import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/domain/reply.js';
import { MAX_MESSAGE_LENGTH, plainText, renderReply } from '../../../src/chat/telegram/render.js';
import { escapeMarkup as escapeHtml } from '../../../src/util/escape.js';

describe('escapeHtml', () => {
  it('escapes the three characters Telegram HTML requires, ampersand first', () => {
    expect(escapeHtml('A&B <b>x</b> &lt;')).toBe('A&amp;B &lt;b&gt;x&lt;/b&gt; &amp;lt;');
    expect(escapeHtml('Gare "Lévis" \'95\'')).toBe('Gare "Lévis" \'95\'');
  });
});

describe('renderReply', () => {
  const reply: Reply = {
    kind: 'answer',
    title: 'Baseline <1B> & co (3017)',
    blocks: [
      { heading: '95 Orléans', lines: ['3 min (08:12) 📡', '<script>'] },
      { lines: ['no heading & plain'] },
      { heading: 'empty block', lines: [] },
    ],
    footer: ['📡 live', 'Updated at 08:09'],
    buttons: [
      [
        { label: 'Refresh <now>', command: { name: 'next', options: { stop: '3017', route: '95' } }, effect: 'update' },
        { label: 'Save stop', command: { name: 'save', options: { stop: '3017' } }, effect: 'notice' },
      ],
      [{ label: 'Route 95', command: { name: 'next', options: { stop: '3017', route: '95' } }, effect: 'reply' }],
    ],
  };

  it('makes the title and headings bold, the footer italic, and escapes every string', () => {
    expect(renderReply(reply).text).toBe(
      [
        '<b>Baseline &lt;1B&gt; &amp; co (3017)</b>',
        '',
        '<b>95 Orléans</b>',
        '3 min (08:12) 📡',
        '&lt;script&gt;',
        '',
        'no heading &amp; plain',
        '',
        '<b>empty block</b>',
        '',
        '<i>📡 live</i>',
        '<i>Updated at 08:09</i>',
      ].join('\n'),
    );
  });

  it('turns buttons into an inline keyboard with compact callback data (labels are plain text)', () => {
    expect(renderReply(reply).reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'Refresh <now>', callback_data: '2:u:next:3017:95' },
          { text: 'Save stop', callback_data: '2:n:save:3017' },
        ],
        [{ text: 'Route 95', callback_data: '2:r:next:3017:95' }],
      ],
    });
  });

  it('leaves out the keyboard when there are no buttons, and buttons that cannot be encoded', () => {
    expect(renderReply({ kind: 'failure', blocks: [{ lines: ['Oops'] }] })).toEqual({ text: 'Oops' });
    const odd = renderReply({
      kind: 'answer',
      blocks: [],
      buttons: [[{ label: 'x', command: { name: 'next', options: { stop: 'a b' } }, effect: 'reply' }]],
    });
    expect(odd.reply_markup).toBeUndefined();
  });

  it("lays the core's button groups out in rows: short labels four to a row, long ones alone", () => {
    const route = (n: number) => ({
      label: `Route ${n}`,
      command: { name: 'next' as const, options: { stop: '3017', route: String(n) } },
      effect: 'reply' as const,
    });
    const stop = (code: string) => ({
      label: `${code} A RATHER LONG STOP NAME`,
      command: { name: 'next' as const, options: { stop: code } },
      effect: 'reply' as const,
    });
    const rows = renderReply({ kind: 'answer', blocks: [], buttons: [[1, 2, 3, 4, 5, 6].map(route), [stop('3017'), stop('3023')]] }).reply_markup!
      .inline_keyboard;
    expect(rows.map((row) => row.length)).toEqual([4, 2, 1, 1]);
  });

  it('cuts at line boundaries to stay within 4,096 characters', () => {
    const long: Reply = { kind: 'answer', title: 'T', blocks: [{ lines: Array.from({ length: 500 }, (_, i) => `line ${i} & more`) }] };
    const { text } = renderReply(long);
    const visible = text.replace(/<\/?[bi]>/g, '').replace(/&amp;/g, '&');
    expect(visible.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(text.endsWith('\n…')).toBe(true);
    expect(text).toContain('line 0 &amp; more');
    expect(text).not.toContain('line 499');
    expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
  });
});

describe('plainText', () => {
  it('lists title, headings and lines without markup, within the length given', () => {
    const r: Reply = { kind: 'answer', title: 'Saved', blocks: [{ heading: 'H', lines: ['a <b>'] }] };
    expect(plainText(r, 200)).toBe('Saved\nH\na <b>');
    expect(plainText(r, 5)).toBe('Save…');
  });
});
