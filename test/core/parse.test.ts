import { describe, expect, it } from 'vitest';
import type { ParsedText } from '../../src/core/command-request.js';
import { parseText } from '../../src/core/parse-text.js';
import { V12_IDENTIFIERS } from '../../src/sources/octranspo-v12/identifiers.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';

const parseInput = (text: unknown, chat: { chatType: 'private' | 'group' | 'channel'; botUsername?: string }) =>
  parseText(text, chat, { identifiers: V12_IDENTIFIERS, words: packageLanguages().typed });

const inPrivate = { chatType: 'private' as const, botUsername: 'ArrivalsBot' };
const inGroup = { chatType: 'group' as const, botUsername: 'ArrivalsBot' };

const command = (name: string, options: Record<string, string> = {}): ParsedText => ({ ok: true, request: { name, options } }) as ParsedText;
const usage = (id: string, args: object = {}): ParsedText => ({ ok: false, usage: { id, args } }) as ParsedText;

describe('parseInput in a private chat', () => {
  it.each<[string, ParsedText | null]>([
    ['/next 3017 95', command('next', { stop: '3017', route: '95' })],
    ['/next 95 3017', command('next', { stop: '3017', route: '95' })],
    ['/next 3017', command('next', { stop: '3017' })],
    ['/next 0867 r2', command('next', { stop: '0867', route: 'R2' })],
    ['/NEXT   3017\t95  ', command('next', { stop: '3017', route: '95' })],
    ['/next@ArrivalsBot 3017 95', command('next', { stop: '3017', route: '95' })],
    ['/next@arrivalsbot 3017', command('next', { stop: '3017' })],
    ['/next@OtherBot 3017 95', null],
    ['3017 95', command('next', { stop: '3017', route: '95' })],
    ['95 3017', command('next', { stop: '3017', route: '95' })],
    ['3017', command('next', { stop: '3017' })],
    ['next 3017 95', command('next', { stop: '3017', route: '95' })],
    ['３０１７ ９５', command('next', { stop: '3017', route: '95' })],
    ['30\u200b17', command('next', { stop: '3017' })],
    ['3017, 95', command('next', { stop: '3017', route: '95' })],
    ['/next 3017,95', command('next', { stop: '3017', route: '95' })],
    ['/next@ 3017', command('next', { stop: '3017' })],
    ['/routes 3017', command('routes', { stop: '3017' })],
    ['/stop 3017', command('stop', { query: '3017' })],
    ['/stop rideau centre', command('stop', { query: 'rideau centre' })],
    ['/stop Bank / Slater', command('stop', { query: 'Bank / Slater' })],
    ['/save 3017', command('save', { stop: '3017' })],
    ['/stops', command('saved')],
    ['/saved', command('saved')],
    ['/save 3017 Home', command('save', { stop: '3017', name: 'home' })],
    ['/next home', command('next', { stop: 'home' })],
    ['/next home 95', command('next', { stop: 'home', route: '95' })],
    ['home', command('next', { stop: 'home' })],
    ['/unsave maison', command('unsave', { stop: 'maison' })],
    ['/subscribe 3017 95 07:30 weekdays', command('subscribe', { stop: '3017', route: '95', time: '07:30', days: 'weekdays' })],
    ['/subscribe 3017 7h30', command('subscribe', { stop: '3017', time: '07:30' })],
    ['/subscribe 3017 95 07:30 lun,mer,ven', command('subscribe', { stop: '3017', route: '95', time: '07:30', days: 'mon,wed,fri' })],
    [
      '/subscribe 3017 95 when 5 min 07:00-09:00 semaine',
      command('subscribe', { stop: '3017', route: '95', when: '5', window: '07:00-09:00', days: 'weekdays' }),
    ],
    ['/subscribe 3017 95 quand 5min 7h-9h', command('subscribe', { stop: '3017', route: '95', when: '5', window: '07:00-09:00' })],
    ['/subscribe @ottawabuses 3017 95 07:30', command('subscribe', { target: '@ottawabuses', stop: '3017', route: '95', time: '07:30' })],
    ['/subscribe 3017 95 25:99', usage('usage-time-bad', { time: '25:99' })],
    ['/subscribe 3017 95 07:30 funday', usage('usage-days-bad', { day: 'funday' })],
    ['/subscribe 3017 95 when 5 min 09:00-07:00', usage('usage-window-order', { window: '09:00-07:00' })],
    ['/subscribe 3017 95 when 99 min 07:00-09:00', usage('usage-minutes-bad', { minutes: '99' })],
    ['/subscribe 3017 95', usage('usage-time-missing', { example: '/subscribe {stop} {route} 07:30 weekdays' })],
    ['/unsubscribe K3F9', command('unsubscribe', { id: 'k3f9' })],
    ['/unsubscribe all', command('unsubscribe', { id: 'all' })],
    ['/pause', usage('usage-id-missing')],
    ['/timezone europe/paris', command('timezone', { zone: 'Europe/Paris' })],
    ['/timezone Mars/Olympus', usage('usage-timezone-bad', { zone: 'Mars/Olympus' })],
    ['/lang fr', command('lang', { language: 'fr' })],
    ['/lang EN', command('lang', { language: 'en' })],
    ['/lang français', command('lang', { language: 'fr' })],
    ['/help', command('help')],
    ['/start', command('start')],
    ['/start deep-link-payload', command('start')],
    // usage errors, each with the reason
    ['/next 30170', usage('usage-stop-digits', { stop: '30170', digits: 5 })],
    // Three digits read as a route: the rider is asked at which stop (and told a stop has 4 digits).
    ['/next 301', usage('usage-route-without-stop', { route: '301' })],
    ['/next 1234567', usage('usage-stop-digits', { stop: '1234567', digits: 7 })],
    ['/next 30170 95', usage('usage-stop-digits', { stop: '30170', digits: 5 })],
    ['/next', usage('usage-stop-missing', { example: '/next {stop} {route}' })],
    ['/next 95 12', usage('usage-stop-missing', { example: '/next {stop} {route}' })],
    ['/next tunney!', usage('usage-stop-not-number', { text: 'tunney!' })],
    ['/next 3017 95!', usage('usage-route-bad', { route: '95!' })],
    ['/next 3017 3018', usage('usage-route-bad', { route: '3018' })],
    // The source's grammar decides: the client would refuse these, so the parser does first.
    ['/next 3017 AB123C', usage('usage-route-bad', { route: 'AB123C' })],
    ['/next 3017 ABCD', usage('usage-route-bad', { route: 'ABCD' })],
    ['/next 3017 95 extra', usage('usage-too-many-words', { command: 'next', example: '/next {stop} {route}' })],
    ['/routes', usage('usage-stop-missing', { example: '/routes {stop}' })],
    ['/routes 3017 95', usage('usage-too-many-words', { command: 'routes', example: '/routes {stop}' })],
    ['/save 12345', usage('usage-stop-digits', { stop: '12345', digits: 5 })],
    ['/stop', usage('usage-stop-missing', { example: '/stop {stop}' })],
    ['/stop 301', usage('usage-stop-digits', { stop: '301', digits: 3 })],
    ['/stop 3017 95', usage('usage-too-many-words', { command: 'stop', example: '/stop {stop}' })],
    ['/lang de', usage('usage-lang-bad')],
    ['/lang', usage('usage-lang-bad')],
    ['/lang constructor', usage('usage-lang-bad')],
    ['/frobnicate', usage('usage-unknown-command', { command: 'frobnicate' })],
    ['/', usage('usage-empty')],
    ['', usage('usage-empty')],
    ['   \n\t ', usage('usage-empty')],
    ['hello there', command('start')],
    ['what time is it', usage('usage-not-understood', { text: 'what time is it' })],
    ['🚌🚌🚌', usage('usage-not-understood', { text: '🚌🚌🚌' })],
    ['3017 🚌', usage('usage-route-bad', { route: '🚌' })],
    ['\u0000\u0007 3017', command('next', { stop: '3017' })],
    ['99999999999999999999999999', usage('usage-stop-digits', { stop: '99999999999999999999…', digits: 26 })],
  ])('%j', (input, expected) => {
    expect(parseInput(input, inPrivate)).toEqual(expected);
  });

  it('refuses inputs over 200 characters, counting characters not UTF-16 units', () => {
    expect(parseInput(`/next 3017 ${'x'.repeat(190)}`, inPrivate)).toEqual(usage('usage-too-long', { length: 201, max: 200 }));
    // 100 emoji are 200 UTF-16 units but 100 characters: read, not refused.
    expect(parseInput('🚌'.repeat(100), inPrivate)).toMatchObject({ ok: false, usage: { id: 'usage-not-understood' } });
    expect(parseInput(`3017 ${' '.repeat(195)}`, inPrivate)).toEqual(command('next', { stop: '3017' }));
  });

  it('quotes at most 20 characters of the input back, invisible characters removed', () => {
    const result = parseInput(`/next a\u200b${'b'.repeat(40)}`, inPrivate);
    expect(result).toEqual(usage('usage-stop-not-number', { text: `a${'b'.repeat(19)}…` }));
  });
});

describe('parseInput in a group', () => {
  it.each<[string, ParsedText | null]>([
    ['3017 95', null],
    ['hello everyone', null],
    ['/next 3017 95', command('next', { stop: '3017', route: '95' })],
    ['/next@ArrivalsBot 3017', command('next', { stop: '3017' })],
    ['/next@SomeOtherBot 3017', null],
    ['/weather', null],
    ['/weather@ArrivalsBot', usage('usage-unknown-command', { command: 'weather' })],
    ['/next 30170', usage('usage-stop-digits', { stop: '30170', digits: 5 })],
    [`hi ${'x'.repeat(300)}`, null],
  ])('%j', (input, expected) => {
    expect(parseInput(input, inGroup)).toEqual(expected);
  });
});
