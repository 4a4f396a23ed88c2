import { shorten } from './text.js';

// Names as feeds write them often carry what the reply already shows beside them: Halifax's stop
// names end in their code ("South Park St After Fenwick St (8306)"), its headsigns start with the
// route ("4 LACEWOOD TERMINAL VIA ROBIE"). Said twice, they push the words riders need out of a
// line (a search result cut just where the code is); said once, the code stays where the reply puts it.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The stop's name without its own code, when the name carries it in brackets or at its end. */
export function nameWithoutCode(name: string, code: string): string {
  const trimmed = name.trim();
  if (code.trim() === '') return trimmed;
  const c = escape(code.trim());
  const without = trimmed
    // "(8306)", "[8306]", "(#8306)", "(Stop 8306)" anywhere
    .replace(new RegExp(`\\s*[([]\\s*(?:stop|arrêt)?\\s*#?\\s*${c}\\s*[)\\]]`, 'iu'), '')
    // "... - 8306", "... #8306", "... Stop 8306" at the end
    .replace(new RegExp(`\\s*(?:[-–—:,]\\s*|#\\s*|\\b(?:stop|arrêt)\\s+#?\\s*)${c}$`, 'iu'), '')
    .trim();
  return without === '' ? trimmed : without;
}

/** A stop's name to show beside its code, the repeated code left out, cut to `max` characters. */
export function stopName(name: string, code: string, max: number): string {
  return shorten(nameWithoutCode(name, code), max);
}

/** A headsign without the route it starts with ("4 LACEWOOD TERMINAL" on route 4 -> "LACEWOOD TERMINAL"). */
export function headingWithoutRoute(heading: string, routeNo: string): string {
  const trimmed = heading.trim();
  if (routeNo.trim() === '') return trimmed;
  const without = trimmed.replace(new RegExp(`^(?:route\\s+)?${escape(routeNo.trim())}(?:\\s*[-–—:]\\s*|\\s+)`, 'iu'), '').trim();
  return without === '' ? trimmed : without;
}
