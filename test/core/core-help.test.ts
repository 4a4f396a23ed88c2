import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import type { SourceProfile } from '../../src/domain/transit-source.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { HELP_SPECS } from '../../src/core/commands/index.js';
import { TOPIC_OF } from '../../src/core/commands/help-topics.js';
import { clock, fakeTransit, memoryStores, OTTAWA_PROFILE, privateChat } from './fakes.js';

// /help lists what riders use, and offers only examples that are real stops and routes of the feed.

const helpText = async (profile: SourceProfile, languageCode = 'en', command = '/help') => {
  const core = createBotCore({ transit: fakeTransit({ profile }), ...memoryStores(), now: clock });
  return renderPlainText((await core.handleText(command, privateChat({ languageCode })))!);
};

describe('/help', () => {
  it('lists /live and /notify, which the command menus leave to buttons, in both languages', async () => {
    expect(await helpText(OTTAWA_PROFILE)).toContain('🔔 Alerts: /subscribe /notify /subs');
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help arrivals')).toContain(
      '/live <stop> [route]: Arrivals that keep themselves up to date for 10 minutes',
    );
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help alerts')).toContain('/notify <stop> <route>: Tell me when this bus is 5 min away');
    expect(await helpText(OTTAWA_PROFILE, 'fr', '/aide passages')).toMatch(/\/direct <arrêt> \[circuit\] : .+/);
    expect(await helpText(OTTAWA_PROFILE, 'fr', '/aide alertes')).toMatch(/\/prevenir <arrêt> <circuit> : Me prévenir quand cet autobus est à 5 min/);
    // The menus stay as they were: those two are reached by the 🔴 and 🔔 buttons.
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });
    expect(core.commandMenu('en').map((c) => c.command)).not.toContain('live');
    expect(core.commandMenu('en').map((c) => c.command)).not.toContain('notify');
  });

  it('offers no example while the schedule only gives the shape of one (no "/stop 1234")', async () => {
    const loading: SourceProfile = { agencies: [], examples: { stop: '1234', route: '10' }, placeholderExamples: true, vehicles: 'any' };
    for (const languageCode of ['en', 'fr']) {
      for (const command of ['/help', '/start']) {
        const text = await helpText(loading, languageCode, command);
        expect(text).not.toMatch(/1234|Try|Essayez/);
      }
    }
  });

  it('offers no name search without a word of a real stop name: never a code passed off as a name', async () => {
    const noName: SourceProfile = { ...OTTAWA_PROFILE, examples: { stop: '8306', route: '4' } };
    const text = await helpText(noName);
    expect(text).toContain('/next 8306 4: the next buses of route 4 at stop 8306');
    expect(text).not.toContain('find a stop by name');
    expect(await helpText(OTTAWA_PROFILE)).toContain('/stop rideau: find a stop by name');
  });

  it('names every command /help lists under one group, and each group page explains its own', async () => {
    for (const spec of HELP_SPECS) expect(TOPIC_OF[spec.name], `/${spec.name} has no group in help-topics.ts`).toBeDefined();
    const overview = await helpText(OTTAWA_PROFILE);
    for (const spec of HELP_SPECS) expect(overview).toMatch(new RegExp(`/${spec.name}( |\n|$)`));
    // /line is listed now that the commands come by group (it had no room when each was explained).
    expect(overview).toContain('🚌 Arrivals: /next /live /where /line');
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help arrivals')).toContain('/line [stop] <route>: The route drawn with its buses on it');
  });

  it('reads a group in any language, or a command standing for its group, and refuses anything else in words', async () => {
    const alerts = await helpText(OTTAWA_PROFILE, 'en', '/help alerts');
    expect(alerts.split('\n')[0]).toBe('🔔 Alerts');
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help alertes')).toBe(alerts);
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help subscribe')).toBe(alerts);
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help /notify')).toBe(alerts);
    // Near alerts for one way: the word riders add, in their language.
    expect(alerts).toContain('add "to" and where they go, like /notify 3017 95 to <destination>');
    expect(await helpText(OTTAWA_PROFILE, 'fr', '/aide alertes')).toContain('/prevenir 3017 95 vers <destination>');
    expect(await helpText(OTTAWA_PROFILE, 'es', '/ayuda alertas')).toContain('/avisar 3017 95 hacia <destino>');
    expect(await helpText(OTTAWA_PROFILE, 'en', '/help bogus')).toBe('I have no help on "bogus". Try /help alerts, or /help alone for every group.');
    expect(await helpText(OTTAWA_PROFILE, 'fr', '/aide xyz')).toBe(
      "Je n'ai pas d'aide sur « xyz ». Essayez /aide alertes, ou /aide seul pour tous les groupes.",
    );
  });

  it('moves between the overview and the groups in place, with a button for each group', async () => {
    const core = createBotCore({ transit: fakeTransit({ profile: OTTAWA_PROFILE }), ...memoryStores(), now: clock });
    const overview = (await core.handleText('/help', privateChat()))!;
    const topics = overview.buttons!.flat().map((button) => button.command);
    expect(topics.map((command) => command.options.topic)).toEqual(['arrivals', 'stops', 'alerts', 'settings']);
    expect(overview.buttons!.flat().every((button) => button.effect === 'update')).toBe(true);
    const page = await core.run({ name: 'help', options: { topic: 'stops' } }, privateChat());
    expect(page.title).toBe('⭐ Your stops');
    expect(page.buttons!.flat().map((button) => button.command.options.topic)).toEqual([undefined, 'arrivals', 'alerts', 'settings']);
  });
});
