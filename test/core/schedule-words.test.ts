import { describe, expect, it } from 'vitest';
import { readClockTime, readDays, readWindow } from '../../src/core/commands/schedule-words.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';

const days = packageLanguages().typed.days;

describe('what riders type', () => {
  it.each([
    ['07:30', 450],
    ['7:30', 450],
    ['7h30', 450],
    ['7h', 420],
    ['00:00', 0],
    ['23:59', 1439],
    ['25:99', undefined],
    ['24:00', undefined],
    ['7:60', undefined],
    ['730', undefined],
    ['', undefined],
    ['seven', undefined],
  ])('time %j -> %j', (text, minute) => expect(readClockTime(text)).toBe(minute));

  it.each([
    ['daily', [0, 1, 2, 3, 4, 5, 6]],
    ['weekdays', [1, 2, 3, 4, 5]],
    ['weekends', [0, 6]],
    ['mon,wed,fri', [1, 3, 5]],
    ['lun,mer,ven', [1, 3, 5]],
    ['semaine', [1, 2, 3, 4, 5]],
    ['fin-de-semaine', [0, 6]],
    ['tous-les-jours', [0, 1, 2, 3, 4, 5, 6]],
    ['FRI,Mon', [1, 5]],
    ['sat sun', [0, 6]],
    ['lunes,miércoles,viernes', [1, 3, 5]],
    ['lun,mie,vie', [1, 3, 5]],
    ['Sáb,DOM', [0, 6]],
    ['entre-semana', [1, 2, 3, 4, 5]],
    ['fin-de-semana', [0, 6]],
  ])('days %j', (text, expected) => expect(readDays(text, days)).toEqual({ ok: true, days: expected }));

  it('names the first day it does not know', () => {
    expect(readDays('mon,funday,fri', days)).toEqual({ ok: false, unknown: 'funday' });
  });

  it("reads without the languages' words only the days as the code writes them (buttons, stored requests)", () => {
    expect(readDays('mon,wed,fri')).toEqual({ ok: true, days: [1, 3, 5] });
    expect(readDays('weekdays')).toEqual({ ok: true, days: [1, 2, 3, 4, 5] });
    expect(readDays('lun,mer')).toEqual({ ok: false, unknown: 'lun' });
  });

  it('reads windows, and refuses one that ends before it starts', () => {
    expect(readWindow('07:00-09:00')).toEqual({ ok: true, from: 420, until: 540 });
    expect(readWindow('7h–9h')).toEqual({ ok: true, from: 420, until: 540 });
    expect(readWindow('09:00-07:00')).toEqual({ ok: false, problem: 'order' });
    expect(readWindow('07:00-25:00')).toEqual({ ok: false, problem: 'time' });
    expect(readWindow('07:00')).toEqual({ ok: false, problem: 'time' });
  });
});
