import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { disruptionRef } from '../../src/core/format/disruptions.js';
import type { Disruption, DisruptionReading } from '../../src/domain/disruption.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { clock, fakeTransit, memoryStores, privateChat } from './fakes.js';

// The 📄 button's command: one disruption whole, found by its reference; one that ended meanwhile,
// a forged reference and a feed that cannot be read each said as such, never a stack trace.

const detour: Disruption = {
  id: 'sto:detour-2026-03-rue-principale',
  agency: 'STO',
  version: 'v1',
  effect: 'detour',
  cause: 'construction',
  severity: 'warning',
  header: [
    { language: 'en', text: 'Route 33 detoured' },
    { language: 'fr', text: 'Circuit 33 dévié' },
  ],
  description: [
    { language: 'en', text: 'Route 33 uses Rue Laurier.\nStops 3000 and 3001 are not served.' },
    { language: 'fr', text: 'Le circuit 33 emprunte la rue Laurier.\nLes arrêts 3000 et 3001 ne sont pas desservis.' },
  ],
  entities: [{ routeName: '33' }],
  periods: [],
};

function coreReading(reading: () => Promise<DisruptionReading>) {
  const transit = { ...fakeTransit({}), disruptions: reading };
  return createBotCore({ transit, ...memoryStores(), now: clock });
}

describe('/disruption <reference>', () => {
  const core = coreReading(() => Promise.resolve({ status: 'ok', disruptions: [detour] }));

  it('shows the whole text, its agency named, in the chat language', async () => {
    const en = renderPlainText(
      await core.run({ name: 'disruption', options: { item: disruptionRef(detour.id) } }, privateChat({ chatId: 'en-rider', languageCode: 'en' })),
    );
    expect(en).toBe('⚠️ Disruption\n\nSTO · Detour: Route 33 detoured\n  Route 33 uses Rue Laurier.\n  Stops 3000 and 3001 are not served.');
    const fr = renderPlainText(
      (await core.handleText(`/disruption ${disruptionRef(detour.id)}`, privateChat({ chatId: 'fr-rider', languageCode: 'fr' })))!,
    );
    expect(fr).toContain('STO · Détour : Circuit 33 dévié');
    expect(fr).toContain('Les arrêts 3000 et 3001 ne sont pas desservis.');
  });

  it('says one that ended, or a forged reference, is no longer listed', async () => {
    for (const item of ['0123456789ab', 'not-a-ref', '<b>x</b>']) {
      const reply = await core.run({ name: 'disruption', options: { item } }, privateChat({ chatId: 'en-rider', languageCode: 'en' }));
      expect(reply.blocks[0]!.lines[0]).toBe('That disruption is no longer listed: it may have ended. /disruptions lists those now.');
    }
    const fr = await core.run({ name: 'disruption', options: { item: '0123456789ab' } }, privateChat({ chatId: 'fr-rider', languageCode: 'fr' }));
    expect(fr.blocks[0]!.lines[0]).toMatch(/^Cette perturbation n'est plus affichée/);
  });

  it('says the feed cannot be read, or the service is down, as a failure', async () => {
    const unreadable = coreReading(() => Promise.resolve({ status: 'unavailable' }));
    const down = coreReading(() => Promise.reject(new TransitError('unavailable', 'down', { reason: 'network' })));
    const item = disruptionRef(detour.id);
    expect((await unreadable.run({ name: 'disruption', options: { item } }, privateChat({ chatId: 'en-rider', languageCode: 'en' }))).kind).toBe(
      'failure',
    );
    const failed = await down.run({ name: 'disruption', options: { item } }, privateChat({ chatId: 'en-rider', languageCode: 'en' }));
    expect(failed.kind).toBe('failure');
    expect(renderPlainText(failed)).not.toMatch(/Error|at /);
  });

  it('a page number that is no number is refused in words, in both languages', async () => {
    const en = (await core.handleText('/disruptionspage two', privateChat({ chatId: 'en-rider', languageCode: 'en' })))!;
    expect(en.blocks[0]!.lines[0]).toBe('"two" is not a page number. The buttons under the list turn its pages.');
    const fr = (await core.handleText('/disruptionspage 0', privateChat({ chatId: 'fr-rider', languageCode: 'fr' })))!;
    expect(fr.blocks[0]!.lines[0]).toMatch(/n'est pas un numéro de page/);
  });
});
