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
  /** Words riders may type before a stop to name its feed ("sto 3000"), when a source serves several. */
  readonly prefixes?: readonly string[];
  /** A stop identifier as riders read it ("sto:3000" -> "STO 3000"); absent: as it is. */
  display?(stop: string): string;
  /** A stop identifier an earlier version stored, in today's form (one feed's "3017" -> "oc:3017"). */
  fromStore?(stop: string): string;
}

/** How a grammar shows a stop to riders. */
export function displayStop(grammar: IdentifierGrammar, stop: string): string {
  return grammar.display?.(stop) ?? stop;
}
