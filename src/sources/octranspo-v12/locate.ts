import { excerpt, parseFailure } from './fail.js';
import { child, isNode, localName, type Node } from './tree.js';

// Finds the result object inside whatever wraps it: a SOAP envelope (any prefix), the
// <Op>Response element, or JSON's single top-level key. The names a result may carry are given by
// the caller, because the upstream is not strict about them (AllRoutes answers under
// GetRouteSummaryForStopResult).

const WRAPPERS = ['Envelope', 'Body'];

export function locateResult(tree: unknown, resultNames: readonly string[]): Node {
  let node: unknown = tree;
  // Envelope -> Body -> Response -> Result is four levels; allow a couple more for odd wrappers.
  for (let depth = 0; depth < 6 && isNode(node); depth++) {
    for (const name of resultNames) {
      const found = child(node, name);
      if (found !== undefined) {
        if (isNode(found)) return found;
        // <GetRouteSummaryForStopResult/>: a result with nothing in it.
        if (found === '' || found === null) return {};
        throw parseFailure(`${name} is not an object`);
      }
    }
    node = descend(node);
  }
  throw parseFailure(`no ${resultNames.join(' or ')} in the response${describe(tree)}`);
}

/** The one wrapper child to look inside: Envelope, Body or something ending in "Response". */
function descend(node: Node): unknown {
  for (const key in node) {
    const name = localName(key);
    if (WRAPPERS.includes(name) || name.endsWith('Response')) return node[key];
  }
  return undefined;
}

function describe(tree: unknown): string {
  if (!isNode(tree)) return ` (got ${Array.isArray(tree) ? 'a list' : typeof tree})`;
  const keys = Object.keys(tree);
  return keys.length === 0 ? ' (empty document)' : ` (top-level: ${excerpt(keys.join(', '))})`;
}
