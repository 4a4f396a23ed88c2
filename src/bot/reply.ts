// A platform-neutral answer. Handlers and format.ts build it; each adapter renders it (Telegram
// HTML, Discord markdown, plain text) and escapes every string it places.

export interface Reply {
  /** Shown first, emphasised ("Laurier station (3020)"). */
  title?: string;
  /** Paragraphs in order; a block's heading is emphasised, its lines follow. */
  blocks: ReplyBlock[];
  /** Small print after the blocks: a legend, "updated 08:12". */
  footer?: string[];
  /** Rows of buttons; adapters without buttons may list them or leave them out. */
  buttons?: ReplyButton[][];
  /** Lets adapters and tests tell an answer from a refusal without reading the text. */
  kind: 'answer' | 'usage-error' | 'failure';
}

export interface ReplyBlock {
  heading?: string;
  lines: string[];
}

export interface ReplyButton {
  label: string;
  action: ButtonAction;
}

/** What a button asks for when pressed; adapters encode it compactly (Telegram: 64 bytes). */
export type ButtonAction =
  | { type: 'refresh'; stopNo: string; routeNo?: string }
  | { type: 'next'; stopNo: string; routeNo?: string }
  | { type: 'save-stop'; stopNo: string };
