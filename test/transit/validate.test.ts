import { describe, expect, it } from 'vitest';
import { checkRouteNo, checkStopNo } from '../../src/transit/validate.js';
import { thrown } from './helpers.js';

describe('checkStopNo', () => {
  it.each([['3017', '3017'], ['0867', '0867'], [' 3017 ', '3017']])('accepts %j as %j', (input, expected) => {
    expect(checkStopNo(input)).toBe(expected);
  });

  it.each([
    ['30170', 'stop number must have 4 digits, got 5'],
    ['301', 'stop number must have 4 digits, got 3'],
    ['', 'stop number must have 4 digits only, got ""'],
    ['30a7', 'stop number must have 4 digits only, got "30a7"'],
    ['-301', 'stop number must have 4 digits only, got "-301"'],
    ['３０１７', 'stop number must have 4 digits only, got "３０１７"'],
  ])('refuses %j: %s', (input, message) => {
    const error = thrown(() => checkStopNo(input));
    expect(error.kind).toBe('invalid-request');
    expect(error.message).toBe(message);
  });

  it('refuses a number (it would lose leading zeros)', () => {
    expect(thrown(() => checkStopNo(867 as unknown as string)).message).toBe('stop number must be a string of 4 digits, got number');
  });
});

describe('checkRouteNo', () => {
  it.each([['1', '1'], ['95', '95'], ['101', '101'], ['R2', 'R2'], ['r2', 'R2'], [' 95 ', '95'], ['OTRN', 'OTRN']])('accepts %j as %j', (input, expected) => {
    expect(checkRouteNo(input)).toBe(expected);
  });

  it.each([
    ['1234', 'route number must have 1 to 3 digits, got 4'],
    ['', 'route number is empty'],
    ['R2-X', 'route number must be 1-3 digits or up to 4 letters and digits, got "R2-X"'],
    ['ROUTE', 'route number must be 1-3 digits or up to 4 letters and digits, got "ROUTE"'],
    ['9 5', 'route number must be 1-3 digits or up to 4 letters and digits, got "9 5"'],
  ])('refuses %j: %s', (input, message) => {
    const error = thrown(() => checkRouteNo(input));
    expect(error.kind).toBe('invalid-request');
    expect(error.message).toBe(message);
  });
});
