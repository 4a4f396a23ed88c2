import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../../src/chat/discord/markdown.js';

describe('escapeMarkdown', () => {
  it('escapes emphasis, code, spoilers, links, mentions and quotes anywhere', () => {
    expect(escapeMarkdown('*a* _b_ ~~c~~ `d` ||e|| [f](https://x.example) <@123> <t:0> > g \\')).toBe(
      '\\*a\\* \\_b\\_ \\~\\~c\\~\\~ \\`d\\` \\|\\|e\\|\\| \\[f\\](https://x.example) \\<@123\\> \\<t:0\\> \\> g \\\\',
    );
  });

  it('escapes headings and lists only at the start of a line', () => {
    expect(escapeMarkdown('# title\n- item\n  + sub\n12. twelfth\nroute 95 - east #2 1.5 km')).toBe(
      '\\# title\n\\- item\n  \\+ sub\n12\\. twelfth\nroute 95 - east #2 1.5 km',
    );
  });

  it('leaves ordinary arrivals text alone', () => {
    expect(escapeMarkdown('3 min (08:12) 📡 · last bus, to Barrhaven Centre')).toBe('3 min (08:12) 📡 · last bus, to Barrhaven Centre');
  });

  it('takes linear time on long text', () => {
    const long = '*_`|'.repeat(25_000);
    const start = performance.now();
    expect(escapeMarkdown(long)).toHaveLength(200_000);
    expect(performance.now() - start).toBeLessThan(200);
  });
});
