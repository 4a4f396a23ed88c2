import { describe, expect, it } from 'vitest';
import { decodeBusType } from '../../../src/sources/octranspo-v12/index.js';
import { bus } from './helpers.js';

describe('decodeBusType', () => {
  it.each([
    ['6EB - 60', bus('6EB - 60', { length: 60, lowFloor: true, bikeRack: true })],
    ['6E - 60', bus('6E - 60', { length: 60, lowFloor: true })],
    ['6EAB - 60', bus('6EAB - 60', { length: 60, lowFloor: true, bikeRack: true })],
    ['4LB - DD', bus('4LB - DD', { length: 40, doubleDecker: true, lowFloor: true, bikeRack: true })],
    ['4EA - DD', bus('4EA - DD', { length: 40, doubleDecker: true, lowFloor: true })],
    ['4E - DEH', bus('4E - DEH', { length: 40, lowFloor: true, hybrid: true })],
    ['4LA - IN', bus('4LA - IN', { length: 40, lowFloor: true })],
    ['4LAB - IN', bus('4LAB - IN', { length: 40, lowFloor: true, bikeRack: true })],
    ['4 6 - DEH', bus('4 6 - DEH', { length: '40or60', hybrid: true })],
    ['46 - IN', bus('46 - IN', { length: '40or60' })],
    ['40', bus('40', { length: 40 })],
    ['60', bus('60', { length: 60 })],
  ])('decodes %j', (raw, expected) => {
    expect(decodeBusType(raw)).toEqual(expected);
  });

  it('reads a double-decker without a length group as a double-decker of unknown length, not a 60 ft bus', () => {
    const decoded = decodeBusType(' - DD');
    expect(decoded).toEqual(bus(' - DD', { doubleDecker: true }));
    expect(decoded).not.toHaveProperty('length');
  });

  it.each(['IN', 'ON', '', '  ', '-', 'XYZ - 99'])('finds no features in %j', (raw) => {
    const decoded = decodeBusType(raw);
    expect(decoded).toEqual(bus(raw));
    expect(decoded).not.toHaveProperty('length');
  });

  it('does not take the letters of a maker code (IN, ON) as low-floor letters', () => {
    expect(decodeBusType('4 - ON').lowFloor).toBe(false);
    expect(decodeBusType('4 - ON').length).toBe(40);
  });

  it('is case-insensitive but keeps the raw code as given', () => {
    expect(decodeBusType('6eb - 60')).toEqual(bus('6eb - 60', { length: 60, lowFloor: true, bikeRack: true }));
  });
});
