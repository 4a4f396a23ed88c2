import { describe, expect, it } from 'vitest';
import { disruptionRef, formatDisruptions, formatWholeDisruption } from '../../src/core/format/disruptions.js';
import type { Say } from '../../src/core/format/text.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import type { Disruption } from '../../src/domain/disruption.js';
import { renderPlainText } from '../../src/chat/console/render.js';

// A network-wide /disruptions sized for a phone: a page at a time with ◀ ▶ buttons, each text cut
// to its share with the whole one tap away, and each named by its agency in a bot of several.

const t = createTranslator(packageLanguages());
const en: Say = (id, args) => t('en', id, args);
const fr: Say = (id, args) => t('fr', id, args);

const LONG = Array.from({ length: 40 }, (_, i) => `Sentence ${i + 1} of the detour notice, with the streets it takes.`).join(' ');

function disruption(n: number, extra: Partial<Disruption> = {}): Disruption {
  const id = `n${String(n).padStart(2, '0')}`;
  return {
    id,
    version: 'v1',
    effect: 'detour',
    cause: 'construction',
    severity: 'warning',
    header: [{ language: 'en', text: `Route ${n} detoured` }],
    description: [{ language: 'en', text: `Route ${n} uses Slater St.` }],
    entities: [{ routeName: String(n) }],
    periods: [],
    ...extra,
  };
}

const twelve = Array.from({ length: 12 }, (_, i) => disruption(i + 1));
const list = (page: number | undefined, say = en, scope = {}) =>
  formatDisruptions(
    { status: 'ok', disruptions: twelve },
    {
      locale: say === en ? 'en' : 'fr',
      say,
      title: say('disruptions-title-all'),
      noneId: 'disruptions-none',
      scope,
      ...(page !== undefined ? { page } : {}),
    },
  );
const headings = (reply: ReturnType<typeof list>) => reply.blocks.flatMap((b) => (b.heading !== undefined ? [b.heading] : []));
const commands = (reply: ReturnType<typeof list>) => reply.buttons!.flat().map((b) => ({ label: b.label, ...b.command, effect: b.effect }));

describe('/disruptions a page at a time', () => {
  it('shows the first five, says which page of how many, and ▶ turns to the next in place', () => {
    const first = list(undefined);
    expect(headings(first)).toEqual([1, 2, 3, 4, 5].map((n) => `Detour: Route ${n} detoured`));
    expect(first.blocks.at(-1)!.lines).toEqual(['Page 1 of 3 (12 disruptions)']);
    expect(renderPlainText(first)).not.toMatch(/and \d+ more/);
    expect(commands(first)).toEqual([{ label: 'Next ▶', name: 'disruptionspage', options: { page: '2' }, effect: 'update' }]);
  });

  it('a middle page has both buttons, the last only ◀; a page past the end reads as the last', () => {
    expect(headings(list(2))).toEqual([6, 7, 8, 9, 10].map((n) => `Detour: Route ${n} detoured`));
    expect(commands(list(2)).map((c) => [c.label, c.options.page])).toEqual([
      ['◀ Previous', '1'],
      ['Next ▶', '3'],
    ]);
    expect(headings(list(3))).toEqual(['Detour: Route 11 detoured', 'Detour: Route 12 detoured']);
    expect(commands(list(3)).map((c) => c.label)).toEqual(['◀ Previous']);
    expect(headings(list(99))).toEqual(headings(list(3)));
  });

  it('keeps the stop and route on its buttons, and speaks French', () => {
    const page = list(1, fr, { stop: '3017', route: '95' });
    expect(page.blocks.at(-1)!.lines).toEqual(['Page 1 sur 3 (12 perturbations)']);
    expect(commands(page)).toEqual([
      { label: 'Suivantes ▶', name: 'disruptionspage', options: { page: '2', stop: '3017', route: '95' }, effect: 'update' },
    ]);
  });

  it('one page: no page line, no buttons', () => {
    const few = formatDisruptions(
      { status: 'ok', disruptions: twelve.slice(0, 2) },
      { locale: 'en', say: en, title: 'Disruptions now', noneId: 'disruptions-none', scope: {} },
    );
    expect(few.blocks).toHaveLength(2);
    expect(few.buttons).toBeUndefined();
  });

  it('cuts a long text to its share, with a 📄 button to the whole of it; a short one stays whole, without', () => {
    const long = disruption(1, { description: [{ language: 'en', text: LONG }], url: [{ language: 'en', text: 'https://example.org/detour-1' }] });
    const reply = formatDisruptions(
      { status: 'ok', disruptions: [long, disruption(2)] },
      { locale: 'en', say: en, title: 'Disruptions now', noneId: 'disruptions-none', scope: {}, maxReplyChars: 2000 },
    );
    const [cut, whole] = reply.blocks;
    expect(cut!.lines).toHaveLength(1);
    expect(cut!.lines[0]!.endsWith('…')).toBe(true);
    expect(cut!.lines[0]!.length).toBeLessThan(400);
    expect(whole!.lines).toEqual(['Route 2 uses Slater St.']);
    expect(commands(reply)).toEqual([
      { label: '📄 In full: Route 1 detoured', name: 'disruption', options: { item: disruptionRef('n01') }, effect: 'reply' },
    ]);
    const full = formatWholeDisruption(long, { locale: 'fr', say: fr, title: fr('disruption-title'), maxReplyChars: 4096 });
    expect(full.blocks[0]!.lines).toEqual([LONG, 'https://example.org/detour-1']);
    expect(full.title).toBe('⚠️ Perturbation');
  });

  it('names the agency of each in a bot of several', () => {
    const sto = disruption(3, { id: 'sto:a1', agency: 'STO' });
    const reply = formatDisruptions(
      { status: 'ok', disruptions: [sto, disruption(4, { id: 'oc:b2', agency: 'OC Transpo' })] },
      { locale: 'fr', say: fr, title: 'Perturbations', noneId: 'disruptions-none', scope: {} },
    );
    expect(headings(reply)).toEqual(['STO · Détour : Route 3 detoured', 'OC Transpo · Détour : Route 4 detoured']);
  });

  it('a reference is short enough for any button and tells ids apart', () => {
    const refs = new Set(Array.from({ length: 6000 }, (_, i) => disruptionRef(`feed:${i}`)));
    expect(refs.size).toBe(6000);
    expect(disruptionRef('x'.repeat(500))).toMatch(/^[0-9a-f]{12}$/);
  });
});
