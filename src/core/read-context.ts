import type { IdentifierGrammar } from '../domain/identifiers.js';
import type { TypedWords } from './languages/typed-words.js';

/** What reading arguments needs: the transit source's identifier grammar, and the words riders type in every language. */
export interface ReadContext {
  identifiers: IdentifierGrammar;
  words: TypedWords;
}
