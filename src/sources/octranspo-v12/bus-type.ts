import type { BusType } from '../../domain/arrivals.js';

// BusType codes (spec 2.4) look like "6EB - 60", "4LB - DD", " - DD", "4E - DEH", "4 6 ...": a
// group of a length digit plus feature letters, then further codes. We read every token, so the
// order and the separators do not matter, and unknown codes (IN, ON: makers' models) change nothing.

const LOW_FLOOR = new Set(['E', 'L', 'A']);

interface Traits {
  has40: boolean;
  has60: boolean;
  doubleDecker: boolean;
  lowFloor: boolean;
  bikeRack: boolean;
  hybrid: boolean;
}

function readLetters(letters: string, traits: Traits): void {
  // Only a group made entirely of feature letters counts: "IN" or "ON" must not read as low floor.
  for (const ch of letters) if (!LOW_FLOOR.has(ch) && ch !== 'B') return;
  for (const ch of letters) {
    if (ch === 'B') traits.bikeRack = true;
    else traits.lowFloor = true;
  }
}

function readToken(token: string, traits: Traits): void {
  if (token === 'DD') traits.doubleDecker = true;
  else if (token === 'DEH') traits.hybrid = true;
  else if (token === '40') traits.has40 = true;
  else if (token === '60') traits.has60 = true;
  else {
    const group = /^([46]*)([A-Z]*)$/.exec(token);
    if (!group) return;
    const digits = group[1] ?? '';
    if (digits.includes('4')) traits.has40 = true;
    if (digits.includes('6')) traits.has60 = true;
    // Letters count as features only after a length digit, or as a bare group of feature letters.
    readLetters(group[2] ?? '', traits);
  }
}

export function decodeBusType(raw: string): BusType {
  const traits: Traits = { has40: false, has60: false, doubleDecker: false, lowFloor: false, bikeRack: false, hybrid: false };
  for (const token of raw.toUpperCase().split(/[^A-Z0-9]+/)) {
    if (token !== '') readToken(token, traits);
  }
  // The length comes from the digits only: "DD" says nothing about 60 ft (a double-decker is not
  // an articulated bus), so " - DD" has no length.
  const length = traits.has40 && traits.has60 ? '40or60' : traits.has40 ? 40 : traits.has60 ? 60 : undefined;
  return {
    raw,
    ...(length !== undefined ? { length } : {}),
    doubleDecker: traits.doubleDecker,
    lowFloor: traits.lowFloor,
    bikeRack: traits.bikeRack,
    hybrid: traits.hybrid,
  };
}
