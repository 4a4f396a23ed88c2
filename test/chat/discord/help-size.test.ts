import { describe, expect, it } from 'vitest';
import { LIMITS, renderReply } from '../../../src/chat/discord/render.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { clock, fakeTransit, memoryStores, OTTAWA_PROFILE, privateChat } from '../../core/fakes.js';

// /help on Discord, in every language: every command line whole (a block longer than an embed
// field's 1,024 characters goes on in the next fields, never cut), and the legend of every mark,
// 👻 vanished and 🧭 estimated included; the embed within Discord's limits.

const core = createBotCore({ transit: fakeTransit({ profile: OTTAWA_PROFILE }), ...memoryStores(), now: clock });

describe('/help on Discord', () => {
  for (const language of packageLanguages().all) {
    it(`fits whole in ${language.locale}: every command, every mark`, async () => {
      const reply = (await core.handleText('/help', privateChat({ platform: 'discord', languageCode: language.locale })))!;
      const embed = renderReply(reply).embeds[0]!;
      const fields = embed.fields ?? [];
      const shown = fields.map((f) => f.value).join('\n');
      expect(shown).not.toContain('…');
      const commandLines = reply.blocks.find((b) => b.heading !== undefined && b.lines.length > 8)!.lines;
      expect(shown.split('\n').length).toBeGreaterThanOrEqual(commandLines.length);
      const legend = fields.find((f) => f.value.includes('📡'))!.value;
      for (const mark of ['📡', '🔮', '🧭', '🕒', '👻']) expect(legend).toContain(mark);
      for (const field of fields) expect(field.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
      const total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
      expect(total).toBeLessThanOrEqual(LIMITS.embedTotal);
    });
  }
});
