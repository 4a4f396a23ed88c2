import { commandAsText } from '../../core/index.js';
import type { Reply } from '../../domain/reply.js';

/** A Reply as plain text: title, blocks (headings above their lines), footer, then buttons as hints. */
export function renderPlainText(reply: Reply): string {
  const parts: string[] = [];
  if (reply.title !== undefined) parts.push(reply.title);
  for (const block of reply.blocks) {
    parts.push(
      [...(block.heading !== undefined ? [block.heading] : []), ...block.lines.map((l) => (block.heading !== undefined ? `  ${l}` : l))].join('\n'),
    );
  }
  if (reply.footer !== undefined && reply.footer.length > 0) parts.push(reply.footer.join('\n'));
  // A terminal user types what they cannot press.
  const hints = (reply.buttons ?? []).flat().map((b) => `  [${b.label}] ${b.typed ?? commandAsText(b.command)}`);
  // Pages it points to (the live map): their addresses, to open in a browser.
  for (const link of reply.links ?? []) hints.push(`  [${link.label}] ${link.url}`);
  if (hints.length > 0) parts.push(hints.join('\n'));
  return parts.join('\n\n');
}
