import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import type { Locale } from '../../src/core/core.js';
import { TRANSIT_ERROR_KINDS, TransitError, UNAVAILABLE_REASONS } from '../../src/domain/transit-error.js';
import { clock, fakeTransit, memoryStores, privateChat, stopArrivals } from './fakes.js';

async function replyTo(err: TransitError | Error, locale: Locale, text = '/next 3017 95') {
  const fail = () => Promise.reject(err);
  const transit = { ...fakeTransit({}), nextTrips: fail, nextTripsAllRoutes: fail, routeSummary: fail };
  const core = createBotCore({ transit, ...memoryStores(), now: clock });
  return (await core.handleText(text, privateChat({ languageCode: locale })))!;
}

const cases: Array<[string, TransitError, string, string]> = [
  [
    'api 1',
    new TransitError('refused-credentials', 'bad key', { code: 1 }),
    "The transit service refused this bot's key. The bot's operator has to fix it; sorry.",
    'Le service de transport refuse la clé de ce robot.',
  ],
  [
    'api 2',
    new TransitError('unavailable', 'source', { reason: 'upstream', code: 2 }),
    "The transit service can't reach its own data right now. Try again in a minute.",
    "n'arrive pas à joindre ses propres données",
  ],
  [
    'api 10',
    new TransitError('unknown-stop', 'stop', { code: 10 }),
    "Stop 3017 doesn't exist. Check the 4-digit number on the stop sign.",
    "L'arrêt 3017 n'existe pas.",
  ],
  [
    'api 11',
    new TransitError('unknown-route', 'route', { code: 11 }),
    "Route 95 doesn't exist. Check the number on the front of the bus.",
    "Le circuit 95 n'existe pas.",
  ],
  [
    'api 12',
    new TransitError('route-not-at-stop', 'not here', { code: 12 }),
    'Route 95 does not stop at 3017. Try /routes 3017 to see what does.',
    "Le circuit 95 ne passe pas à l'arrêt 3017.",
  ],
  [
    'api 13',
    new TransitError('no-routes', 'none', { code: 13 }),
    'No routes serve stop 3017 at the moment.',
    "Aucun circuit ne dessert l'arrêt 3017",
  ],
  [
    'api 99',
    new TransitError('unavailable', '??', { reason: 'unrecognised', code: 99 }),
    "The transit service answered with an error I don't know (code 99). Try again later.",
    'erreur inconnue (code 99)',
  ],
  [
    'timeout',
    new TransitError('unavailable', 'slow', { reason: 'timeout' }),
    'The transit service is not answering (it took too long). Try again in a minute.',
    'ne répond pas (il a mis trop de temps)',
  ],
  [
    'network',
    new TransitError('unavailable', 'ECONNREFUSED', { reason: 'network' }),
    "The transit service is not answering (I can't reach it). Try again in a minute.",
    'ne répond pas (impossible de le joindre)',
  ],
  [
    'http 500',
    new TransitError('unavailable', 'HTTP 500', { reason: 'http', code: 500 }),
    'The transit service is not answering properly (HTTP 500). Try again in a minute.',
    'ne répond pas correctement (HTTP 500)',
  ],
  [
    'busy',
    new TransitError('unavailable', 'budget spent', { reason: 'busy' }),
    'The transit service is busy: it has been asked too many questions at once. Try again in a minute.',
    'est occupé',
  ],
  [
    'parse',
    new TransitError('unavailable', 'html', { reason: 'malformed' }),
    'The transit service is not answering properly (its answer made no sense). Try again in a minute.',
    'sa réponse est incompréhensible',
  ],
  [
    'ambiguous-stop',
    new TransitError('ambiguous-stop', 'two feeds'),
    "Stop 3017 is in several networks: write the network's name before it.",
    'existe dans plusieurs réseaux',
  ],
  [
    'loading',
    new TransitError('loading', 'first import'),
    'Schedule data is loading (a first import takes a few minutes). Try again shortly.',
    'Les horaires sont en cours de chargement',
  ],
  [
    'no-schedule',
    new TransitError('no-schedule', 'refused: the feed lacks stop_times.txt'),
    "This network's schedule could not be loaded, so I have no times for its stops. The bot's operator can see why in its log; trying again in a minute will not help.",
    "Les horaires de ce réseau n'ont pas pu être chargés",
  ],
  [
    'invalid-request',
    new TransitError('bad-request', 'bad'),
    "I couldn't ask the transit service that way. Check the stop and route numbers.",
    "Je n'ai pas pu formuler cette demande",
  ],
];

describe('failures of the transit service', () => {
  it.each(cases)('%s has its own message in English and French, as a failure', async (_name, err, english, frenchPart) => {
    const en = await replyTo(err, 'en');
    const fr = await replyTo(err, 'fr');
    expect(en.kind).toBe('failure');
    expect(fr.kind).toBe('failure');
    expect(en.blocks[0]!.lines[0]).toBe(english);
    expect(fr.blocks[0]!.lines[0]).toContain(frenchPart);
  });

  it('gives every code and kind a different message', async () => {
    const texts = await Promise.all(cases.map(([, err]) => replyTo(err, 'en').then((r) => r.blocks[0]!.lines[0])));
    expect(new Set(texts).size).toBe(cases.length);
  });

  it('covers every kind of TransitError', () => {
    expect(TRANSIT_ERROR_KINDS.every((k) => cases.some(([, err]) => err.kind === k))).toBe(true);
    expect(UNAVAILABLE_REASONS.every((r) => cases.some(([, err]) => err.reason === r))).toBe(true);
  });

  it('never shows the error message (which may hold details) to the rider', async () => {
    const reply = await replyTo(new TransitError('unavailable', 'connect ECONNREFUSED apiKey=SECRET-KEY-123', { reason: 'network' }), 'en');
    expect(JSON.stringify(reply)).not.toContain('SECRET-KEY-123');
  });

  it('turns an unexpected error into a polite failure', async () => {
    const reply = await replyTo(new TypeError('boom'), 'fr');
    expect(reply).toEqual({ kind: 'failure', blocks: [{ lines: ['Quelque chose a mal tourné de mon côté. Réessayez dans une minute.'] }] });
  });

  it('tells "no buses" apart from "not answering"', async () => {
    const transit = fakeTransit({ all: { 'all 3017': stopArrivals([]) } });
    const core = createBotCore({ transit, ...memoryStores(), now: clock });
    const empty = (await core.handleText('3017', privateChat()))!;
    const down = await replyTo(new TransitError('unavailable', 'slow', { reason: 'timeout' }), 'en', '3017');
    expect(empty.kind).toBe('answer');
    expect(empty.blocks[0]!.lines[0]).toBe('No buses are expected at this stop right now.');
    expect(down.blocks[0]!.lines[0]).toContain('not answering');
  });
});
