import type { IdentifierGrammar } from '../domain/identifiers.js';

/** What reading arguments needs: the transit source's identifier grammar. */
export interface ReadContext {
  identifiers: IdentifierGrammar;
}
