import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIButtonComponentWithURL,
  type APIEmbed,
  type APIEmbedField,
} from 'discord.js';
import type { Reply, ReplyButton } from '../../domain/reply.js';
import { layoutButtons, type ButtonLimits } from '../button-layout.js';
import { encodeButton } from './custom-id.js';
import { escapeMarkdown } from './markdown.js';

// Discord's limits on one message (docs: Embed limits, Message components).
export const LIMITS = {
  content: 2_000,
  title: 256,
  description: 4_096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1_024,
  footer: 2_048,
  embedTotal: 6_000,
  buttonLabel: 80,
} as const;

const BUTTON_LIMITS: ButtonLimits = { perRow: 5, maxRows: 5 };
/** A field needs a name; a paragraph without a heading gets this invisible one. */
const BLANK = '\u200b';
const COLOURS = { answer: 0xda291c, 'usage-error': 0x8a8d91, failure: 0x8a8d91 } as const;
const STYLES = { update: ButtonStyle.Primary, reply: ButtonStyle.Secondary, notice: ButtonStyle.Success } as const;

export type ButtonRow = APIActionRowComponent<APIButtonComponentWithCustomId | APIButtonComponentWithURL>;

export interface DiscordMessage {
  embeds: APIEmbed[];
  components: ButtonRow[];
  /** A picture the embed shows (attachment://<name>), uploaded with the message. */
  files?: Array<{ attachment: Buffer; name: string; description?: string }>;
}

/** Discord's limit on an attachment's description (its alt text). */
const ATTACHMENT_DESCRIPTION = 1_024;

/**
 * A neutral Reply as one embed and its buttons: the title as the embed's title, paragraphs before
 * the first heading as its description, each headed block (a route and direction) as a field (a
 * block longer than a field's 1,024 characters in as many as it takes, cut between lines),
 * the footer (legend, update time) as its footer. Every string is escaped (stop names may hold
 * Markdown characters) and cut to Discord's limits, so a send is never refused for its size.
 * Pure, so the exact JSON is testable.
 */
export function renderReply(reply: Reply): DiscordMessage {
  const description: string[] = [];
  const fields: APIEmbedField[] = [];
  for (const block of reply.blocks) {
    const lines = block.lines.map(escapeMarkdown);
    if (block.heading === undefined && fields.length === 0) description.push(lines.join('\n'));
    else {
      // A block longer than a field (/help's commands) goes on in the next fields, whole lines each.
      fieldChunks(lines, LIMITS.fieldValue - 2).forEach((chunk, i) => {
        if (fields.length >= LIMITS.fields) return;
        const name = i === 0 && block.heading !== undefined ? clip(escapeMarkdown(block.heading), LIMITS.fieldName) : BLANK;
        fields.push({ name: name || BLANK, value: clipLines(chunk, LIMITS.fieldValue) || BLANK });
      });
    }
  }
  const embed: APIEmbed = {
    color: COLOURS[reply.kind],
    ...(reply.title ? { title: clip(escapeMarkdown(reply.title), LIMITS.title) } : {}),
    ...(description.length > 0 ? { description: clipLines(description.join('\n\n').split('\n'), LIMITS.description) } : {}),
    ...(fields.length > 0 ? { fields } : {}),
    // Footers show plain text: nothing to escape there.
    ...(reply.footer && reply.footer.length > 0 ? { footer: { text: clipLines(reply.footer, LIMITS.footer) } } : {}),
    // A picture (/line) is the embed's image, uploaded beside it and named by the embed.
    ...(reply.image !== undefined
      ? { image: { url: `attachment://${reply.image.fileName}`, width: reply.image.width, height: reply.image.height } }
      : {}),
  };
  const image = reply.image;
  return {
    embeds: [fitTotal(embed)],
    components: withLinks(buttonRows(reply.buttons), reply.links ?? []),
    ...(image !== undefined
      ? { files: [{ attachment: Buffer.from(image.png), name: image.fileName, description: clipLines(image.alt, ATTACHMENT_DESCRIPTION) }] }
      : {}),
  };
}

/** The reply as Markdown-safe text, for ephemeral refusals and short confirmations. */
export function replyText(reply: Reply, max: number = LIMITS.content): string {
  const lines = [reply.title, ...reply.blocks.flatMap((b) => [b.heading, ...b.lines])].filter((l): l is string => !!l).map(escapeMarkdown);
  return clipLines(lines, max) || BLANK;
}

/** Buttons in rows of at most five, five rows; each custom_id once (Discord refuses repeats). */
function buttonRows(groups: Reply['buttons']): ButtonRow[] {
  const seen = new Set<string>();
  return layoutButtons(groups, BUTTON_LIMITS)
    .map((row) => row.flatMap((button) => discordButton(button, seen)))
    .filter((row) => row.length > 0)
    .map((row): ButtonRow => ({ type: ComponentType.ActionRow, components: row }));
}

/** The pages (the live map) as link buttons in a row of their own, while a row is left. */
function withLinks(rows: ButtonRow[], links: NonNullable<Reply['links']>): ButtonRow[] {
  if (links.length === 0 || rows.length >= BUTTON_LIMITS.maxRows) return rows;
  const buttons = links.slice(0, BUTTON_LIMITS.perRow).map((link): APIButtonComponentWithURL => ({
    type: ComponentType.Button,
    style: ButtonStyle.Link,
    label: clip(link.label, LIMITS.buttonLabel) || '…',
    url: link.url,
  }));
  return [...rows, { type: ComponentType.ActionRow, components: buttons }];
}

function discordButton(button: ReplyButton, seen: Set<string>): APIButtonComponentWithCustomId[] {
  const id = encodeButton(button);
  if (id === undefined || seen.has(id)) return [];
  seen.add(id);
  return [{ type: ComponentType.Button, style: STYLES[button.effect], label: clip(button.label, LIMITS.buttonLabel) || '…', custom_id: id }];
}

/** Cut to `max` UTF-16 units (what Discord counts, at most), never inside a character. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** Lines in runs that each fit in `max` (joined by newlines); a single overlong line is a run of its own, clipped later. */
function fieldChunks(lines: readonly string[], max: number): string[][] {
  const chunks: string[][] = [[]];
  let used = 0;
  for (const line of lines) {
    const current = chunks.at(-1)!;
    const cost = line.length + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && used + cost > max) {
      chunks.push([line]);
      used = line.length;
    } else {
      current.push(line);
      used += cost;
    }
  }
  return chunks;
}

/** Whole lines while they fit (an ellipsis marks the cut); a single overlong line is clipped. */
function clipLines(lines: readonly string[], max: number): string {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = line.length + (kept.length > 0 ? 1 : 0);
    if (used + cost > max - 2) {
      if (kept.length === 0) return clip(line, max);
      kept.push('…');
      break;
    }
    kept.push(line);
    used += cost;
  }
  return kept.join('\n');
}

/** Discord refuses an embed over 6,000 characters in all: the last fields give way first, then the description. */
function fitTotal(embed: APIEmbed): APIEmbed {
  const fields = [...(embed.fields ?? [])];
  const size = () => (embed.title?.length ?? 0) + (embed.footer?.text.length ?? 0) + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  while (size() + (embed.description?.length ?? 0) > LIMITS.embedTotal && fields.length > 0) fields.pop();
  const { fields: _all, description, ...rest } = embed;
  const room = LIMITS.embedTotal - size();
  return {
    ...rest,
    ...(description !== undefined ? { description: clipLines(description.split('\n'), room) } : {}),
    ...(fields.length > 0 ? { fields } : {}),
  };
}
