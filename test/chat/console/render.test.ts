import { describe, expect, it } from 'vitest';
import { actionAsCommand, renderPlainText } from '../../../src/chat/console/render.js';

describe('renderPlainText', () => {
  it('puts the title, blocks, footer and button hints in order, blank lines between', () => {
    const text = renderPlainText({
      title: 'TUNNEY (3017)',
      blocks: [{ heading: '95 Orléans', lines: ['4 min (08:09) 📡', '12 min (08:17) 🕒'] }, { lines: ['and 2 more routes'] }],
      footer: ['legend', 'Updated at 08:05'],
      buttons: [[{ label: 'Refresh', action: { type: 'refresh', stopNo: '3017', routeNo: '95' } }, { label: 'Save stop', action: { type: 'save-stop', stopNo: '3017' } }]],
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
    expect(renderPlainText({ kind: 'failure', blocks: [{ lines: ['The transit service is not answering.'] }] })).toBe('The transit service is not answering.');
  });

  it('turns every button action into the command a user can type', () => {
    expect(actionAsCommand({ type: 'next', stopNo: '3017' })).toBe('/next 3017');
    expect(actionAsCommand({ type: 'next', stopNo: '3017', routeNo: 'R2' })).toBe('/next 3017 R2');
    expect(actionAsCommand({ type: 'refresh', stopNo: '0867' })).toBe('/next 0867');
    expect(actionAsCommand({ type: 'save-stop', stopNo: '3017' })).toBe('/save 3017');
  });
});
