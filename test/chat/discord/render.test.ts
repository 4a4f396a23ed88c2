import { describe, expect, it } from 'vitest';
import { formatArrivals } from '../../../src/core/format/arrivals.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import type { Reply } from '../../../src/domain/reply.js';
import { decodeButton, encodeButton } from '../../../src/chat/discord/custom-id.js';
import { LIMITS, renderReply, replyText } from '../../../src/chat/discord/render.js';
import { NOW, route, stopArrivals, trip } from '../../core/fakes.js';

describe('custom ids of buttons', () => {
  it('carry the command, its options and the effect there and back', () => {
    const refresh = { effect: 'update', command: { name: 'next', options: { stop: '3017', route: '95' } } } as const;
    expect(encodeButton(refresh)).toBe('b1:u:next?stop=3017&route=95');
    expect(decodeButton('b1:u:next?stop=3017&route=95')).toEqual(refresh);
    const search = { effect: 'reply', command: { name: 'stop', options: { query: 'rideau & co: 50%' } } } as const;
    expect(decodeButton(encodeButton(search))).toEqual(search);
    expect(decodeButton('b1:n:saved')).toEqual({ effect: 'notice', command: { name: 'saved', options: {} } });
    // Hidden from the menus, reached by the 🔔 button.
    expect(decodeButton('b1:n:notify?stop=3017&route=95')).toEqual({
      effect: 'notice',
      command: { name: 'notify', options: { stop: '3017', route: '95' } },
    });
  });

  it('carry a whole "which network?" /subscribe, its stop named by the longest feed id, with room to spare', () => {
    const near = {
      effect: 'reply',
      command: {
        name: 'subscribe',
        options: { stop: 'abcdefghijklmnop:12345678', route: '9999', days: 'mon,tue,wed,thu,fri,sat', when: '15', window: '16:00-18:30' },
      },
    } as const;
    const id = encodeButton(near);
    expect(id).toBe('b1:r:subscribe?stop=abcdefghijklmnop:12345678&route=9999&days=126&when=15&window=1600-1830');
    expect(decodeButton(id)).toEqual(near);
  });

  it('refuse what does not fit in 100 characters', () => {
    expect(encodeButton({ effect: 'reply', command: { name: 'stop', options: { query: 'x'.repeat(90) } } })).toBeUndefined();
  });

  it('decode nothing they did not make: other versions, unknown commands, forged or odd values', () => {
    for (const id of [
      '',
      'b2:u:next?stop=3017',
      'b1:x:next?stop=3017',
      'b1:u:frobnicate',
      'b1:u:Next',
      'b1:u:next?stop=1&stop=2',
      `b1:u:next?stop=${'1'.repeat(100)}`,
      '2:u:next:3017',
    ]) {
      expect(decodeButton(id), id).toBeUndefined();
    }
    for (const odd of [undefined, null, 42, {}, ['b1:u:next']]) expect(decodeButton(odd)).toBeUndefined();
  });
});

describe('renderReply: a Reply as an embed with buttons', () => {
  const reply: Reply = {
    kind: 'answer',
    title: 'BASELINE *STATION* (3017)',
    blocks: [
      { lines: ['Before the routes'] },
      { heading: '95 Barrhaven Centre', lines: ['3 min (08:08) 📡', '12 min (08:17) 🕒 · last bus'] },
      { heading: '97 Airport', lines: [] },
      { lines: ['and 2 more routes — ask for one: /next 3017 99'] },
    ],
    footer: ['📡 live (GPS) · 🕒 scheduled', 'Updated at 08:05'],
    buttons: [
      [
        { label: 'Refresh', command: { name: 'next', options: { stop: '3017' } }, effect: 'update' },
        { label: 'Save stop', command: { name: 'save', options: { stop: '3017' } }, effect: 'notice' },
      ],
      [{ label: 'Route 95', command: { name: 'next', options: { stop: '3017', route: '95' } }, effect: 'reply' }],
    ],
  };

  it('puts the stop in the title, each route in a field, the legend and update time in the footer', () => {
    expect(renderReply(reply)).toEqual({
      embeds: [
        {
          color: 0xda291c,
          title: 'BASELINE \\*STATION\\* (3017)',
          description: 'Before the routes',
          fields: [
            { name: '95 Barrhaven Centre', value: '3 min (08:08) 📡\n12 min (08:17) 🕒 · last bus' },
            { name: '97 Airport', value: '\u200b' },
            { name: '\u200b', value: 'and 2 more routes — ask for one: /next 3017 99' },
          ],
          footer: { text: '📡 live (GPS) · 🕒 scheduled\nUpdated at 08:05' },
        },
      ],
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: 'Refresh', custom_id: 'b1:u:next?stop=3017' },
            { type: 2, style: 3, label: 'Save stop', custom_id: 'b1:n:save?stop=3017' },
          ],
        },
        { type: 1, components: [{ type: 2, style: 2, label: 'Route 95', custom_id: 'b1:r:next?stop=3017&route=95' }] },
      ],
    });
  });

  it('renders what the core formats for a stop, in French too', () => {
    const arrivals = stopArrivals(
      [route('95', [trip(3, { trust: 'tracked' }), trip(12)]), route('97', [trip(5)], { heading: 'Airport' })],
      '3017',
      'BASELINE',
    );
    const say = (locale: 'en' | 'fr') => (id: string, args?: Record<string, string | number>) =>
      createTranslator(packageLanguages())(locale, id, args);
    const en = renderReply(formatArrivals(arrivals, { now: NOW, say: say('en'), maxReplyChars: 2000 })).embeds[0]!;
    expect(en.title).toBe('BASELINE (3017)');
    expect(en.fields!.map((f) => f.name)).toEqual(['95 Barrhaven Centre', '97 Airport']);
    expect(en.fields![0]!.value).toMatch(/^3 min \(08:08\) 📡/);
    expect(en.footer!.text).toContain('Updated at 08:05');
    const fr = renderReply(formatArrivals(arrivals, { now: NOW, say: say('fr'), maxReplyChars: 2000 })).embeds[0]!;
    expect(fr.footer!.text).toMatch(/08:05/);
    expect(fr.footer!.text).not.toContain('Updated');
  });

  it('escapes Markdown, headings and masked links wherever text is placed', () => {
    const embed = renderReply({
      kind: 'answer',
      title: '# _x_',
      blocks: [{ heading: '~~95~~', lines: ['[click](https://evil.example)', '- item', '`code`'] }],
    }).embeds[0]!;
    expect(embed.title).toBe('\\# \\_x\\_');
    expect(embed.fields![0]).toEqual({ name: '\\~\\~95\\~\\~', value: '\\[click\\](https://evil.example)\n\\- item\n\\`code\\`' });
  });

  it("keeps within Discord's limits whatever the reply holds", () => {
    const long = 'x'.repeat(3000);
    const huge: Reply = {
      kind: 'answer',
      title: long,
      blocks: [{ lines: [long, long] }, ...Array.from({ length: 40 }, (_, i) => ({ heading: `${i} ${long}`, lines: [long, 'y'.repeat(500)] }))],
      footer: [long],
      buttons: [
        Array.from({ length: 40 }, (_, i) => ({
          label: `${i} ${long}`,
          command: { name: 'next' as const, options: { stop: String(1000 + i) } },
          effect: 'reply' as const,
        })),
      ],
    };
    const { embeds, components } = renderReply(huge);
    const embed = embeds[0]!;
    expect(embed.title!.length).toBeLessThanOrEqual(LIMITS.title);
    expect(embed.description!.length).toBeLessThanOrEqual(LIMITS.description);
    expect(embed.footer!.text.length).toBeLessThanOrEqual(LIMITS.footer);
    expect((embed.fields ?? []).length).toBeLessThanOrEqual(LIMITS.fields);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeLessThanOrEqual(LIMITS.fieldName);
      expect(field.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
    }
    const total =
      embed.title!.length +
      (embed.description?.length ?? 0) +
      embed.footer!.text.length +
      (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(LIMITS.embedTotal);
    expect(components.length).toBeLessThanOrEqual(5);
    for (const row of components) {
      expect(row.components.length).toBeLessThanOrEqual(5);
      for (const button of row.components) expect(button.label!.length).toBeLessThanOrEqual(LIMITS.buttonLabel);
    }
  });

  it('never splits a character when cutting, and never repeats a custom id', () => {
    const emoji = '📡'.repeat(200);
    const title = renderReply({ kind: 'answer', title: emoji, blocks: [] }).embeds[0]!.title!;
    expect(title.length).toBeLessThanOrEqual(LIMITS.title);
    expect(title).toMatch(/^(📡)+…$/u);
    const twice = { label: 'Refresh', command: { name: 'next' as const, options: { stop: '3017' } }, effect: 'update' as const };
    expect(renderReply({ kind: 'answer', blocks: [], buttons: [[twice], [twice]] }).components).toHaveLength(1);
  });

  it('leaves out buttons whose custom id would not fit, and empty rows', () => {
    const wide = { label: 'Far', command: { name: 'stop' as const, options: { query: 'q'.repeat(120) } }, effect: 'reply' as const };
    expect(renderReply({ kind: 'answer', blocks: [], buttons: [[wide]] }).components).toEqual([]);
  });

  it('gives refusals as escaped text within a message', () => {
    expect(replyText({ kind: 'usage-error', blocks: [{ lines: ['"*abc*" is not a stop number.'] }] })).toBe('"\\*abc\\*" is not a stop number.');
    expect(replyText({ kind: 'failure', title: 'T', blocks: [{ heading: 'H', lines: ['x'.repeat(3000)] }] }).length).toBeLessThanOrEqual(
      LIMITS.content,
    );
    expect(replyText({ kind: 'answer', blocks: [] })).toBe('\u200b');
  });
});
