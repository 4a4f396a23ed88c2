import type { IdentifierGrammar } from '../../domain/identifiers.js';

// A GTFS agency's stop and route identifiers: whatever its stop_code / stop_id and
// route_short_name / route_id look like ("70021", "DALY", "22nd_street"; "L1", "Yellow", "95").
// One word of letters, digits and the punctuation ids use; canonical as typed (the look-up
// ignores the case of route names). A stop must hold a digit or an underscore, or be in capitals,
// so that a bare route name ("Yellow") is not read as a stop in "/next 70021 Yellow".

const WORD = /^[\p{L}\p{N}][\p{L}\p{N}_.:-]{0,39}$/u;

export const GTFS_IDENTIFIERS: IdentifierGrammar = {
  readStop(text) {
    const value = text.trim();
    if (WORD.test(value) && (/[\p{N}_]/u.test(value) || value === value.toUpperCase())) return { ok: true, value };
    return { ok: false, problem: { kind: 'stop-not-stop' } };
  },
  readRoute(text) {
    const value = text.trim();
    return WORD.test(value) ? { ok: true, value } : { ok: false, problem: { kind: 'route-bad' } };
  },
};
