import { describe, expect, it } from 'vitest';
import { commandAsText } from '../../../src/core/command-text.js';
import { renderPlainText } from '../../../src/chat/console/render.js';

describe('renderPlainText', () => {
  it('puts the title, blocks, footer and button hints in order, blank lines between', () => {
    const text = renderPlainText({
      title: 'TUNNEY (3017)',
      blocks: [{ heading: '95 Orléans', lines: ['4 min (08:09) 📡', '12 min (08:17) 🕒'] }, { lines: ['and 2 more routes'] }],
      footer: ['legend', 'Updated at 08:05'],
      buttons: [
        [
          { label: 'Refresh', command: { name: 'next', options: { stop: '3017', route: '95' } }, effect: 'update' },
          { label: 'Save stop', command: { name: 'save', options: { stop: '3017' } }, effect: 'notice' },
        ],
      ],
      kind: 'answer',
    });
    expect(text).toBe(`TUNNEY (3017)

95 Orléans
  4 min (08:09) 📡
  12 min (08:17) 🕒

and 2 more routes

legend
Updated at 08:05

  [Refresh] /next 3017 95
  [Save stop] /save 3017`);
  });

  it('renders a bare message as just its text', () => {
    expect(renderPlainText({ kind: 'failure', blocks: [{ lines: ['The transit service is not answering.'] }] })).toBe(
      'The transit service is not answering.',
    );
  });

  it("turns every button into the command a user can type, arguments in the table's order", () => {
    expect(commandAsText({ name: 'next', options: { stop: '3017' } })).toBe('/next 3017');
    expect(commandAsText({ name: 'next', options: { route: 'R2', stop: '3017' } })).toBe('/next 3017 R2');
    expect(commandAsText({ name: 'save', options: { stop: '0867' } })).toBe('/save 0867');
    expect(commandAsText({ name: 'stop', options: { query: 'rideau centre' } })).toBe('/stop rideau centre');
  });
});
