import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../src/chat/discord/render.js';
import type { Reply } from '../../../src/domain/reply.js';

// A reply with a picture (/line) on Discord: the PNG uploaded with the message, named by the
// embed's image (attachment://line.png), its text as the attachment's description; a reply
// without one uploads nothing.

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const reply: Reply = {
  kind: 'answer',
  title: '🛤 Route 95',
  blocks: [{ heading: '95 → Orléans', lines: ['●──🚌─◉ 3017', '🚌 4 min 📡'] }],
  image: { png, alt: ['95 → Orléans', '●──🚌─◉ 3017'], fileName: 'line.png', width: 1000, height: 466 },
};

describe('a picture on Discord', () => {
  it('is the embed’s image, uploaded beside it with its text as the description', () => {
    const message = renderReply(reply);
    expect(message.embeds[0]!.image).toEqual({ url: 'attachment://line.png', width: 1000, height: 466 });
    expect(message.files).toHaveLength(1);
    expect(message.files![0]!.name).toBe('line.png');
    expect([...message.files![0]!.attachment]).toEqual([...png]);
    expect(message.files![0]!.description).toBe('95 → Orléans\n●──🚌─◉ 3017');
    expect(message.embeds[0]!.fields).toEqual([{ name: '95 → Orléans', value: '●──🚌─◉ 3017\n🚌 4 min 📡' }]);
  });

  it('uploads nothing for a reply without one', () => {
    const { image: _none, ...words } = reply;
    const message = renderReply(words);
    expect(message.files).toBeUndefined();
    expect(message.embeds[0]!.image).toBeUndefined();
  });
});
