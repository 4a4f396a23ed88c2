import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textIn } from '../../src/domain/disruption.js';
import { rssDisruptions, stopsIn } from '../../src/sources/octranspo-rss/disruptions.js';
import { parseRss } from '../../src/sources/octranspo-rss/parse.js';
import { fixture, readJson } from '../disruptions/helpers.js';

// An RSS description's HTML read as text in one pass, and bounded: OC Transpo's feed is untrusted
// input, and regular expressions that searched to the end of the text for every "<" never closed
// held the event loop 6.7 s on 64 kB of them. The stalls are measured by `npm run bench
// feed-stalls`; here, what riders read.

/** The text one RSS item's description is read as. */
const described = (html: string, title = 'Detour 95') =>
  parseRss(
    `<rss version="2.0"><channel><title>OC</title><item><title>${title}</title><guid>g1</guid><description><![CDATA[${html}]]></description></item></channel></rss>`,
  )[0]!;

const LIMIT = 16_384;

describe('RSS descriptions as text', () => {
  it('keeps paragraphs, list items, line breaks and the text of entities', () => {
    expect(
      described('<p>Detour on <b>Bank</b> &amp; Riverside</p><ul><li class="x">Stop #3017</li><li>Stop (7083)</li></ul>Back<br class="n">soon')
        .description,
    ).toBe('Detour on Bank & Riverside\n• Stop #3017\n• Stop (7083)\nBack\nsoon');
  });

  it('reads a ">" inside a quoted attribute as part of the tag, not the end of it', () => {
    expect(described('<p title="before > after">Detour</p><a href=\'x>y\'>map</a>').description).toBe('Detour\nmap');
  });

  it('leaves out comments, scripts and styles with what they hold', () => {
    expect(
      described('<p>Detour</p><!--<p>Please allow extra time.</p>--><script>if (a > b) alert(1)</script><STYLE>p > b {}</STYLE>End').description,
    ).toBe('Detour\nEnd');
  });

  it('keeps a "<" that opens no tag as the text it is ("3 < 5", "<3"), and no <link> becomes a bullet', () => {
    expect(described('<p>Buses 3 < 5 min apart <3</p><link rel="x">Bank').description).toBe('Buses 3 < 5 min apart <3\nBank');
  });

  it('bounds a description: 64 kB of "<" and a 4 MiB description come out cut, marked with "…"', () => {
    const lessThans = described(`Detour ${'<'.repeat(64 * 1024)}`).description;
    expect(lessThans).toHaveLength(LIMIT);
    expect(lessThans).toMatch(/^Detour <<<.*<…$/s);

    const paragraph = '<p>Detour at stop #3017 on <b>Bank</b> &amp; Riverside.</p>';
    const huge = described(paragraph.repeat(Math.ceil((4 * 1024 * 1024) / paragraph.length))).description;
    expect(huge.length).toBeLessThanOrEqual(LIMIT);
    expect(huge.endsWith('…')).toBe(true);
    expect(huge.split('\n')[0]).toBe('Detour at stop #3017 on Bank & Riverside.');
    // The stop it names is still read from what is kept.
    const [disruption] = rssDisruptions([described(paragraph.repeat(100_000))], []);
    expect(disruption!.entities).toContainEqual({ stopCode: '3017' });
  });

  it('never cuts a letter outside the Basic Multilingual Plane in two', () => {
    const text = described('🚌'.repeat(LIMIT)).description;
    expect(text.endsWith('🚌…')).toBe(true);
  });

  it('bounds a title too', () => {
    const title = described('<p>x</p>', `Detour ${'Bank '.repeat(100_000)}`).title;
    expect(title.length).toBeLessThanOrEqual(1_000);
    expect(title).toMatch(/^Detour Bank Bank.*…$/);
  });

  it('reads the 2026 capture as before: every description of the 40 entries, the one comment left out', () => {
    interface Entry {
      title: string;
      summary: string;
    }
    const entries = readJson<{ entries: Entry[] }>('octranspo-updates-en-2026-01-23-1958.json').entries;
    const blair = entries.find((e) => e.summary.includes('<!--<p>Please allow extra time'))!;
    const text = described(blair.summary).description;
    expect(text).not.toContain('Please allow extra time');
    expect(text).not.toContain('-->');
    expect(text).toContain("• 12 Tunney's Pasture");
    const english2019 = parseRss(readFileSync(fixture('octranspo-updates-en-2019-07-05.xml'), 'utf8'));
    expect(textIn(rssDisruptions(english2019, [])[1]!.description, 'en')).toContain("to Tunney's Pasture Station at 09:18 was cancelled");
  });
});

describe('stop codes in the prose', () => {
  it('reads "stop #  3017" and passes a long run of spaces after "stop" in one go', () => {
    expect(stopsIn('Detour: stop #  3017, stop number 9884, arrêt 4402')).toEqual(['3017', '9884', '4402']);
    // "\s*#?\s*" tried every split of a run of spaces between its two halves: 20,000 took 3.4 s.
    expect(stopsIn(`stop${' '.repeat(100_000)}x stop ${' '.repeat(100_000)}# 3017`)).toEqual(['3017']);
  });
});
