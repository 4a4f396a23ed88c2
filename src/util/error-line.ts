import { clip } from './clip.js';
import { textOf } from './text-of.js';

/** Whatever was thrown, as one short line for a log or a retry reason; never throws. */
export function errorLine(err: unknown): string {
  return clip(textOf(err).replace(/\s+/g, ' ').trim(), 300);
}
