import type { ButtonAction, Reply } from '../../bot/reply.js';

/** The command a button stands for, so a terminal user can type what they cannot press. */
export function actionAsCommand(action: ButtonAction): string {
  switch (action.type) {
    case 'refresh':
    case 'next':
      return action.routeNo !== undefined ? `/next ${action.stopNo} ${action.routeNo}` : `/next ${action.stopNo}`;
    case 'save-stop':
      return `/save ${action.stopNo}`;
  }
}

/** A Reply as plain text: title, blocks (headings above their lines), footer, then buttons as hints. */
export function renderPlainText(reply: Reply): string {
  const parts: string[] = [];
  if (reply.title !== undefined) parts.push(reply.title);
  for (const block of reply.blocks) {
    parts.push([...(block.heading !== undefined ? [block.heading] : []), ...block.lines.map((l) => (block.heading !== undefined ? `  ${l}` : l))].join('\n'));
  }
  if (reply.footer !== undefined && reply.footer.length > 0) parts.push(reply.footer.join('\n'));
  const hints = (reply.buttons ?? []).flat().map((b) => `  [${b.label}] ${actionAsCommand(b.action)}`);
  if (hints.length > 0) parts.push(hints.join('\n'));
  return parts.join('\n\n');
}
