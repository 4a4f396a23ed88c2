import { describe, expect, it } from 'vitest';
import { sharedName } from '../../src/stops/shared-name.js';

// Platform names as OC Transpo's stops.txt spells them (2013 and 2014 exports).
describe('sharedName', () => {
  it('keeps the leading words every platform has, without the platform numbers', () => {
    expect(sharedName(['BASELINE 1B', 'BASELINE 1C', 'BASELINE 1D', 'BASELINE 1A', 'BASELINE 2A', 'BASELINE 2B', 'BASELINE OFF STOP'])).toBe(
      'BASELINE',
    );
    expect(sharedName(['LEES 1A', 'LEES 1B - NIGHT STOP ONLY', 'LEES 2A'])).toBe('LEES');
    expect(sharedName(['RIVERVIEW PARK & RIDE 2A', 'RIVERVIEW PARK & RIDE 1A'])).toBe('RIVERVIEW PARK & RIDE');
    expect(sharedName(['O-TRAIN CARLETON N.', 'O-TRAIN CARLETON S.'])).toBe('O-TRAIN CARLETON');
    expect(sharedName(['LEBRETON  1A', 'LEBRETON 1B', 'LEBRETON / BOOTH'])).toBe('LEBRETON');
  });

  it('reads past glued platform numbers, dots and accents', () => {
    expect(sharedName(["TUNNEY'S PASTURE 1A", "TUNNEY'S PASTURE4A"])).toBe("TUNNEY'S PASTURE");
    expect(sharedName(['ST. LAURENT DROP OFF', 'ST LAURENT 2A'])).toBe('ST. LAURENT');
    expect(sharedName(['ORLÉANS 1A', 'Orleans 2B'])).toBe('ORLÉANS');
  });

  it('uses words shared further in when the names do not start alike', () => {
    expect(sharedName(['GREENBORO 1A', 'GREENBORO 3A', 'O-TRAIN GREENBORO'])).toBe('GREENBORO');
  });

  it('gives a single name as it is, and nothing when only numbers or marks are shared', () => {
    expect(sharedName(['DES PÈRES BLANCS / LEBRUN', 'DES PÈRES BLANCS / LEBRUN '])).toBe('DES PÈRES BLANCS / LEBRUN');
    expect(sharedName(['ALPHA 1A', 'BRAVO / 1A'])).toBeUndefined();
    expect(sharedName(['/ ALPHA', '/ BRAVO'])).toBeUndefined();
    expect(sharedName([])).toBeUndefined();
  });
});
