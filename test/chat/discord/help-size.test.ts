import { describe, expect, it } from 'vitest';
import { LIMITS, renderReply } from '../../../src/chat/discord/render.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { HELP_TOPICS_IN_USE } from '../../../src/core/commands/index.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { clock, fakeTransit, memoryStores, OTTAWA_PROFILE, privateChat } from '../../core/fakes.js';

// /help on Discord, in every language, its overview and each group's page: every line whole (a
// block longer than an embed field's 1,024 characters goes on in the next fields, never cut), and
// the legend of every mark, 👻 vanished and 🧭 estimated included; each embed within Discord's limits.

const core = createBotCore({ transit: fakeTransit({ profile: OTTAWA_PROFILE }), ...memoryStores(), now: clock });

describe('/help on Discord', () => {
  for (const language of packageLanguages().all) {
    it(`fits whole in ${language.locale}: every group, every command, every mark`, async () => {
      const chat = privateChat({ platform: 'discord', languageCode: language.locale });
      const overview = (await core.handleText('/help', chat))!;
      const pages = [overview, ...(await Promise.all(HELP_TOPICS_IN_USE.map((topic) => core.run({ name: 'help', options: { topic } }, chat))))];
      for (const reply of pages) {
        const embed = renderReply(reply).embeds[0]!;
        const fields = embed.fields ?? [];
        const shown = [embed.description ?? '', ...fields.map((f) => f.value)].join('\n');
        expect(shown).not.toContain('…');
        for (const line of reply.blocks.flatMap((block) => block.lines)) expect(shown.replace(/\\/g, '')).toContain(line.split('\n')[0]);
        for (const field of fields) expect(field.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
        const total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
        expect(total).toBeLessThanOrEqual(LIMITS.embedTotal);
      }
      // The legend is on the overview and on the arrivals' page.
      for (const reply of [overview, pages[1]!]) {
        const legend = reply.blocks.flatMap((block) => block.lines).find((line) => line.includes('📡'))!;
        for (const mark of ['📡', '🔮', '🧭', '🕒', '👻']) expect(legend).toContain(mark);
      }
    });
  }
});
