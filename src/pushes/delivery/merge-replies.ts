// Several alerts for one chat in the same minute become one message: each alert's title turns
// into a heading, its blocks follow. Past a size that every platform takes whole, the rest goes
// into a second message rather than being cut off by the renderer.
import type { Reply, ReplyBlock } from '../../domain/reply.js';

/** Well inside Telegram's 4,096 characters and a Discord embed's 4,096, leaving room for markup. */
export const MAX_MESSAGE_CHARS = 3_000;

/** Groups of items whose replies fit one message each, in order; an item too big alone is alone. */
export function packMessages<T>(items: readonly T[], replyOf: (item: T) => Reply, maxChars = MAX_MESSAGE_CHARS): T[][] {
  const groups: T[][] = [];
  let size = 0;
  for (const item of items) {
    const chars = replySize(replyOf(item));
    const last = groups.at(-1);
    if (last !== undefined && size + chars <= maxChars) {
      last.push(item);
      size += chars;
    } else {
      groups.push([item]);
      size = chars;
    }
  }
  return groups;
}

export function mergeReplies(replies: readonly Reply[]): Reply {
  if (replies.length === 1) return replies[0]!;
  const blocks = replies.flatMap(titled);
  const footer = [...new Set(replies.flatMap((r) => r.footer ?? []))];
  const buttons = replies.flatMap((r) => r.buttons ?? []);
  return {
    blocks,
    ...(footer.length > 0 ? { footer } : {}),
    ...(buttons.length > 0 ? { buttons } : {}),
    // One alert with arrivals makes the message an answer; only all-failures is a failure.
    kind: replies.some((r) => r.kind === 'answer') ? 'answer' : replies[0]!.kind,
  };
}

function titled(reply: Reply): ReplyBlock[] {
  if (reply.title === undefined) return reply.blocks;
  const [first, ...rest] = reply.blocks;
  if (first !== undefined && first.heading === undefined) return [{ heading: reply.title, lines: first.lines }, ...rest];
  return [{ heading: reply.title, lines: [] }, ...reply.blocks];
}

function replySize(reply: Reply): number {
  const texts = [reply.title ?? '', ...reply.blocks.flatMap((b) => [b.heading ?? '', ...b.lines]), ...(reply.footer ?? [])];
  // Each text ends its line.
  return texts.reduce((sum, text) => sum + text.length + 1, 0);
}
