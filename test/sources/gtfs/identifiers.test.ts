import { describe, expect, it } from 'vitest';
import { GTFS_IDENTIFIERS } from '../../../src/sources/gtfs/identifiers.js';

describe('GTFS identifier grammar', () => {
  it('reads stop codes and ids as the agency writes them', () => {
    for (const stop of ['70021', '22nd_street', 'DALY', '0756', 'NA998']) expect(GTFS_IDENTIFIERS.readStop(stop)).toEqual({ ok: true, value: stop });
  });
  it('keeps route names such as "Yellow" from reading as stops, and refuses what no id looks like', () => {
    expect(GTFS_IDENTIFIERS.readStop('Yellow').ok).toBe(false);
    expect(GTFS_IDENTIFIERS.readRoute('Yellow')).toEqual({ ok: true, value: 'Yellow' });
    expect(GTFS_IDENTIFIERS.readRoute('L1')).toEqual({ ok: true, value: 'L1' });
    expect(GTFS_IDENTIFIERS.readRoute('two words').ok).toBe(false);
    expect(GTFS_IDENTIFIERS.readStop('<b>').ok).toBe(false);
  });
});
