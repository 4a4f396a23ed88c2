// What a source's stop and route identifiers look like. The source owns this grammar: the
// parser, inline mode, button data and the client's own validation all ask it, so a route the
// client would refuse is refused by the parser first, with the route's own usage message.

export type IdentifierProblem =
  /** Digits, but not as many as a stop number has ("301", "30171"). */
  | { kind: 'stop-digits'; digits: number }
  /** Not a stop number at all ("abc"). */
  | { kind: 'stop-not-stop' }
  | { kind: 'route-bad' };

export type IdentifierReading = { ok: true; value: string } | { ok: false; problem: IdentifierProblem };

export interface IdentifierGrammar {
  /** The stop identifier in the source's canonical form, or why the text is not one. */
  readStop(text: string): IdentifierReading;
  /** The route identifier in the source's canonical form ("r2" -> "R2"), or why not. */
  readRoute(text: string): IdentifierReading;
}

/**
 * OC Transpo v1.2: stop numbers are the four digits on the sign (leading zeros matter: "0867");
 * routes are 1-3 digits ("95") or up to four letters and digits, of each at least one ("R2").
 */
export const V12_IDENTIFIERS: IdentifierGrammar = {
  readStop(text) {
    const value = text.trim();
    if (/^[0-9]{4}$/.test(value)) return { ok: true, value };
    return /^[0-9]+$/.test(value)
      ? { ok: false, problem: { kind: 'stop-digits', digits: value.length } }
      : { ok: false, problem: { kind: 'stop-not-stop' } };
  },
  readRoute(text) {
    const value = text.trim().toUpperCase();
    const ok = /^[0-9]{1,3}$/.test(value) || (/^[A-Z0-9]{1,4}$/.test(value) && /[0-9]/.test(value) && /[A-Z]/.test(value));
    return ok ? { ok: true, value } : { ok: false, problem: { kind: 'route-bad' } };
  },
};
