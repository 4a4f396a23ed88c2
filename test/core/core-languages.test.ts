import { describe, expect, it } from 'vitest';
import { renderPlainText } from '../../src/chat/console/render.js';
import { createBotCore } from '../../src/core/create-core.js';
import { clock, fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

// Riders of every language type their own words (command names, days, on and off) and read their
// own; the English names keep working whatever the chat's language.

const transit = () =>
  fakeTransit({
    next: { 'next 3017 95': stopArrivals([route('95', [trip(4)], { heading: '', direction: 'Eastbound' })]) },
    summary: { 'summary 3017': stopArrivals([route('95', [], { heading: 'Orléans', direction: 'Westbound' })]) },
  });

const text = async (core: ReturnType<typeof createBotCore>, typed: string, chat = privateChat()) =>
  renderPlainText((await core.handleText(typed, chat))!);

describe('Spanish', () => {
  it('/lang es, then /next and /help answer in Spanish', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    expect(await text(core, '/lang es')).toBe('De acuerdo, hablaré español en este chat.');
    const next = await text(core, '/next 3017 95');
    expect(next).toContain('95 dirección este');
    expect(next).toContain('Actualizado a las');
    const help = await text(core, '/help');
    expect(help).toContain('Comandos');
    expect(help).toContain('🚌 Llegadas: /proxima /envivo /donde');
    expect(await text(core, '/ayuda llegadas')).toContain('/proxima <parada> [ruta]: Próximas llegadas a una parada, de una ruta o de todas');
    expect(await text(core, '/help ajustes')).toContain('/idioma en|es|fr: Elegir el idioma: English, Español, Français');
  });

  it('reads Spanish command names, accents or not, and Spanish days and words', async () => {
    const stores = memoryStores();
    const core = createBotCore({ transit: transit(), ...stores, now: clock });
    const chat = privateChat({ languageCode: 'es-419' });
    expect(core.parse('/próxima 3017 95', chat)).toEqual({ ok: true, request: { name: 'next', options: { stop: '3017', route: '95' } } });
    expect(core.parse('/Proxima 3017 95', chat)).toEqual({ ok: true, request: { name: 'next', options: { stop: '3017', route: '95' } } });
    expect(core.parse('/alerta 3017 95 a las 7:30 lun,mié,vie', chat)).toEqual({
      ok: true,
      request: { name: 'subscribe', options: { stop: '3017', route: '95', time: '07:30', days: 'mon,wed,fri' } },
    });
    expect(core.parse('/alerta 3017 95 cuando 5 minutos 07:00-09:00 entre-semana', chat)).toEqual({
      ok: true,
      request: { name: 'subscribe', options: { stop: '3017', route: '95', when: '5', window: '07:00-09:00', days: 'weekdays' } },
    });
    expect(core.parse('/incidencias desactivar', chat)).toEqual({ ok: true, request: { name: 'disruptions', options: { pushes: 'off' } } });
    expect(core.parse('/incidencias ruta 95', chat)).toEqual({ ok: true, request: { name: 'disruptions', options: { route: '95' } } });
    expect(core.parse('/borrar todas', chat)).toEqual({ ok: true, request: { name: 'unsubscribe', options: { id: 'all' } } });
    expect(core.parse('¡Hola!', chat)).toEqual({ ok: true, request: { name: 'start', options: {} } });
    expect(await text(core, '/idioma español', chat)).toBe('De acuerdo, hablaré español en este chat.');
    expect(await stores.chats.language(chat)).toEqual({ locale: 'es', chosen: true });
  });

  it('speaks Spanish to a Spanish client, its usage errors naming commands in Spanish', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    const chat = privateChat({ languageCode: 'es-ES' });
    expect(await text(core, '/next 3017 95 40 41', chat)).toBe('Demasiadas palabras para /proxima. Prueba: /proxima 3017 95');
    expect(await text(core, '/routes 3017', chat)).toContain('95 Orléans (dirección oeste)');
    expect(core.commandMenu('es').slice(0, 3)).toEqual([
      { command: 'proxima', description: 'Próximas llegadas a una parada, de una ruta o de todas' },
      { command: 'donde', description: 'Dónde está ahora el próximo autobús de una ruta, en un mapa' },
      { command: 'rutas', description: 'Rutas y sentidos que pasan por una parada' },
    ]);
  });
});

describe('French riders’ own command names', () => {
  it('/aide and /prochain 3017 95 answer as /help and /next do, in French', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    const chat = privateChat({ languageCode: 'fr-CA' });
    expect(await text(core, '/aide', chat)).toBe(await text(core, '/help', chat));
    expect(await text(core, '/aide passages', chat)).toBe(await text(core, '/help arrivals', chat));
    expect(await text(core, '/aide passages', chat)).toContain(
      '/prochain <arrêt> [circuit] : Prochains passages à un arrêt, pour un circuit ou tous',
    );
    expect(await text(core, '/prochain 3017 95', chat)).toBe(await text(core, '/next 3017 95', chat));
    expect(await text(core, '/prochain 3017 95', chat)).toContain('95 direction est');
    expect(core.parse('/arrets', chat)).toEqual({ ok: true, request: { name: 'saved', options: {} } });
    expect(core.parse('/perturbations désactiver', chat)).toEqual({ ok: true, request: { name: 'disruptions', options: { pushes: 'off' } } });
  });

  it('English names keep working in every language, and any language’s names in English chats', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    for (const languageCode of ['en', 'fr', 'es']) {
      const chat = privateChat({ languageCode });
      expect(core.parse('/next 3017 95', chat)).toEqual({ ok: true, request: { name: 'next', options: { stop: '3017', route: '95' } } });
      expect(core.parse('/stops', chat)).toEqual({ ok: true, request: { name: 'saved', options: {} } });
    }
    expect(await text(core, '/aide', privateChat({ languageCode: 'en' }))).toBe(await text(core, '/help', privateChat({ languageCode: 'en' })));
  });
});

describe('a stored language', () => {
  it("whose folder is gone gives way to the platform's language, else the default, and stays stored", async () => {
    const stores = memoryStores();
    const core = createBotCore({ transit: transit(), ...stores, now: clock });
    const chat = privateChat({ languageCode: 'fr' });
    await stores.chats.setLanguage(chat, { locale: 'de', chosen: true });
    expect(await core.localeOf(chat)).toBe('fr');
    expect(await core.localeOf({ ...chat, languageCode: undefined })).toBe('en');
    expect(await text(core, '/lang', { ...chat, languageCode: undefined })).toBe('I speak English, Español, Français: /lang en|es|fr.');
    expect(await stores.chats.language(chat)).toEqual({ locale: 'de', chosen: true });
  });
});
