import { describe, expect, it } from 'vitest';
import { parseInput, type ParseResult } from '../../src/bot/parse.js';

const inPrivate = { chatType: 'private' as const, botUsername: 'ArrivalsBot' };
const inGroup = { chatType: 'group' as const, botUsername: 'ArrivalsBot' };

const command = (c: object): ParseResult => ({ ok: true, command: c } as ParseResult);
const usage = (id: string, args: object = {}): ParseResult => ({ ok: false, usage: { id, args } } as ParseResult);

describe('parseInput in a private chat', () => {
  it.each<[string, ParseResult | null]>([
    ['/next 3017 95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next 95 3017', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next 3017', command({ name: 'next', stopNo: '3017' })],
    ['/next 0867 r2', command({ name: 'next', stopNo: '0867', routeNo: 'R2' })],
    ['/NEXT   3017\t95  ', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next@ArrivalsBot 3017 95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next@arrivalsbot 3017', command({ name: 'next', stopNo: '3017' })],
    ['/next@OtherBot 3017 95', null],
    ['3017 95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['95 3017', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['3017', command({ name: 'next', stopNo: '3017' })],
    ['next 3017 95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['３０１７ ９５', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['30\u200b17', command({ name: 'next', stopNo: '3017' })],
    ['3017, 95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next 3017,95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next@ 3017', command({ name: 'next', stopNo: '3017' })],
    ['/routes 3017', command({ name: 'routes', stopNo: '3017' })],
    ['/stop 3017', command({ name: 'stop', stopNo: '3017' })],
    ['/stop rideau centre', command({ name: 'find-stop', words: 'rideau centre' })],
    ['/stop Bank / Slater', command({ name: 'find-stop', words: 'Bank / Slater' })],
    ['/save 3017', command({ name: 'save', stopNo: '3017' })],
    ['/stops', command({ name: 'stops' })],
    ['/lang fr', command({ name: 'lang', locale: 'fr' })],
    ['/lang EN', command({ name: 'lang', locale: 'en' })],
    ['/lang français', command({ name: 'lang', locale: 'fr' })],
    ['/help', command({ name: 'help' })],
    ['/start', command({ name: 'start' })],
    ['/start deep-link-payload', command({ name: 'start' })],
    // usage errors, each with the reason
    ['/next 30170', usage('usage-stop-digits', { stop: '30170', digits: 5 })],
    ['/next 301', usage('usage-stop-digits', { stop: '301', digits: 3 })],
    ['/next 30170 95', usage('usage-stop-digits', { stop: '30170', digits: 5 })],
    ['/next', usage('usage-stop-missing', { example: '/next 3017 95' })],
    ['/next 95 12', usage('usage-stop-missing', { example: '/next 3017 95' })],
    ['/next tunney', usage('usage-stop-not-number', { text: 'tunney' })],
    ['/next 3017 95!', usage('usage-route-bad', { route: '95!' })],
    ['/next 3017 3018', usage('usage-route-bad', { route: '3018' })],
    ['/next 3017 95 extra', usage('usage-too-many-words', { command: 'next', example: '/next 3017 95' })],
    ['/routes', usage('usage-stop-missing', { example: '/routes 3017' })],
    ['/routes 3017 95', usage('usage-too-many-words', { command: 'routes', example: '/routes 3017' })],
    ['/save 12345', usage('usage-stop-digits', { stop: '12345', digits: 5 })],
    ['/stop', usage('usage-stop-missing', { example: '/stop 3017' })],
    ['/stop 301', usage('usage-stop-digits', { stop: '301', digits: 3 })],
    ['/stop 3017 95', usage('usage-too-many-words', { command: 'stop', example: '/stop 3017' })],
    ['/lang de', usage('usage-lang-bad')],
    ['/lang', usage('usage-lang-bad')],
    ['/lang constructor', usage('usage-lang-bad')],
    ['/frobnicate', usage('usage-unknown-command', { command: 'frobnicate' })],
    ['/', usage('usage-empty')],
    ['', usage('usage-empty')],
    ['   \n\t ', usage('usage-empty')],
    ['hello there', usage('usage-not-understood', { text: 'hello there' })],
    ['🚌🚌🚌', usage('usage-not-understood', { text: '🚌🚌🚌' })],
    ['3017 🚌', usage('usage-route-bad', { route: '🚌' })],
    ['\u0000\u0007 3017', command({ name: 'next', stopNo: '3017' })],
    ['99999999999999999999999999', usage('usage-stop-digits', { stop: '99999999999999999999…', digits: 26 })],
  ])('%j', (input, expected) => {
    expect(parseInput(input, inPrivate)).toEqual(expected);
  });

  it('refuses inputs over 200 characters, counting characters not UTF-16 units', () => {
    expect(parseInput(`/next 3017 ${'x'.repeat(190)}`, inPrivate)).toEqual(usage('usage-too-long', { length: 201, max: 200 }));
    // 100 emoji are 200 UTF-16 units but 100 characters: read, not refused.
    expect(parseInput('🚌'.repeat(100), inPrivate)).toMatchObject({ ok: false, usage: { id: 'usage-not-understood' } });
    expect(parseInput(`3017 ${' '.repeat(195)}`, inPrivate)).toEqual(command({ name: 'next', stopNo: '3017' }));
  });

  it('quotes at most 20 characters of the input back, invisible characters removed', () => {
    const result = parseInput(`/next a\u200b${'b'.repeat(40)}`, inPrivate);
    expect(result).toEqual(usage('usage-stop-not-number', { text: `a${'b'.repeat(19)}…` }));
  });
});

describe('parseInput in a group', () => {
  it.each<[string, ParseResult | null]>([
    ['3017 95', null],
    ['hello everyone', null],
    ['/next 3017 95', command({ name: 'next', stopNo: '3017', routeNo: '95' })],
    ['/next@ArrivalsBot 3017', command({ name: 'next', stopNo: '3017' })],
    ['/next@SomeOtherBot 3017', null],
    ['/weather', null],
    ['/weather@ArrivalsBot', usage('usage-unknown-command', { command: 'weather' })],
    ['/next 30170', usage('usage-stop-digits', { stop: '30170', digits: 5 })],
    [`hi ${'x'.repeat(300)}`, null],
  ])('%j', (input, expected) => {
    expect(parseInput(input, inGroup)).toEqual(expected);
  });
});
