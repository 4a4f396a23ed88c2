import { describe, expect, it } from 'vitest';
import { replacementStop, type Disruption } from '../../src/domain/disruption.js';

// The stop riders are sent to instead: named only when the disruption moves, detours or stops
// service, is about this stop, and names exactly one other stop the feed knows.

const KNOWN = new Set(['3017', '3020', '3021']);
const isStop = (code: string) => KNOWN.has(code);
const disruption = (effect: Disruption['effect'], text: string, entities: Disruption['entities'] = []): Disruption => ({
  id: 'd1',
  version: 'v1',
  effect,
  cause: 'construction',
  severity: 'warning',
  header: [{ language: 'en', text: 'Stop closed' }],
  description: [{ language: 'en', text }],
  entities,
  periods: [],
});

describe('replacementStop', () => {
  it('names the one other known stop a closure of this stop gives, whatever the language', () => {
    expect(replacementStop(disruption('stop-moved', 'Stop 3017 is closed until 17:30: use stop 3020 instead.'), '3017', isStop)).toBe('3020');
    expect(replacementStop(disruption('detour', "Détour : l'arrêt 3017 est fermé, arrêt temporaire au 3021."), '3017', isStop)).toBe('3021');
    // An RSS item naming the stop by code in its entities rather than its text.
    expect(replacementStop(disruption('detour', 'Temporary stop at 3020.', [{ stopCode: '3017' }]), '3017', isStop)).toBe('3020');
  });

  it('names none when unsure: another effect, not about this stop, two candidates, an unknown code, a clock time', () => {
    expect(replacementStop(disruption('significant-delays', 'Stop 3017: expect delays, or use 3020.'), '3017', isStop)).toBeUndefined();
    expect(replacementStop(disruption('stop-moved', 'Stop 3021 is closed: use stop 3020 instead.'), '3017', isStop)).toBeUndefined();
    expect(replacementStop(disruption('detour', 'Stop 3017 closed: use 3020 or 3021.'), '3017', isStop)).toBeUndefined();
    expect(replacementStop(disruption('detour', 'Stop 3017 closed: use stop 9999.'), '3017', isStop)).toBeUndefined();
    expect(
      replacementStop(disruption('detour', 'Stop 3017 closed from 30:20.'), '3017', (c) => c === '3017' || c === '30' || c === '20'),
    ).toBeUndefined();
  });
});
