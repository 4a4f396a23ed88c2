import type { CommandRequest } from './command-request.js';

// A platform-neutral answer. Commands build it; each adapter renders it (Telegram HTML, Discord
// embeds, plain text), escapes every string it places and lays the buttons out within its own
// limits: the core says which buttons exist and how they group, never how many fit in a row.

export interface Reply {
  /** Shown first, emphasised ("Laurier station (3020)"). */
  title?: string;
  /** Paragraphs in order; a block's heading is emphasised, its lines follow. */
  blocks: ReplyBlock[];
  /** Small print after the blocks: a legend, "updated 08:12". */
  footer?: string[];
  /** Groups of related buttons, in order of importance; adapters may drop the last ones. */
  buttons?: ButtonGroup[];
  /** Lets adapters and tests tell an answer from a refusal without reading the text. */
  kind: 'answer' | 'usage-error' | 'failure';
  /**
   * The answer is about a place a vehicle is now (a fresh fix): platforms that can show a map pin
   * (Telegram's live location) may; the words and the map link are in the blocks for the others.
   */
  location?: ReplyLocation;
  /** What the answer follows is over (the bus passed the stop, or is gone from the board): a live message stops. */
  trackingOver?: boolean;
  /**
   * Why it is over when it is not the bus passing: the trip followed was cancelled, vanished from
   * tracking, or skips the stop; or (🚌 with a stop to get off at) the bus reached the rider's stop.
   */
  trackingOverWhy?: 'cancelled' | 'vanished' | 'skipped' | 'arrived';
  /**
   * 🚌 Track: the answer is one trip followed until it passes the rider's stop. Adapters that can
   * edit their messages keep it (a LiveMessage of kind 'track', one per chat and `key`) and run
   * `request` (the trip pinned) each round until `until` or trackingOver.
   */
  follow?: ReplyFollow;
  /**
   * Messages to send once each beside a followed answer (🛎 "your stop is next"), each by its key:
   * an edit notifies nobody, a new message does. The live rounds send each key once per chat.
   */
  notices?: ReplyNotice[];
  /** The answer asks to be kept up to date until this ISO instant (a live board): adapters that can edit it do. */
  liveUntil?: string;
  /**
   * The answer invites the rider to share their location (a greeting with no saved stop): platforms
   * that have a button for it (Telegram's keyboard, in a private chat) show it with this label.
   */
  asksLocation?: { label: string };
  /**
   * A picture that goes with the answer (/line's drawing): each platform shows it its way (a
   * photo, an embed's image); one that shows no pictures prints `alt` instead (the terminal).
   */
  image?: ReplyImage;
  /**
   * What the picture shows, as a digest of its drawing (the SVG, before any PNG): the same digest,
   * the same picture. Set whenever the answer has a picture; `image` is then absent only when the
   * caller said the message shows this very picture already (a live round), so it was not
   * rasterised again.
   */
  pictureDigest?: string;
  /** Pages the answer points to (a route's live map), each a button where the platform has link buttons, else its address. */
  links?: ReplyLink[];
}

export interface ReplyFollow {
  /** The trip followed, the same whichever button or words asked for it ("3017:95:0806"). */
  key: string;
  /** What each round runs: the trip pinned by its start, so that it is this bus, never the route's next. */
  request: CommandRequest;
  /** ISO instant after which it is no longer followed, whatever the feed says. */
  until: string;
  /** What the chat is told instead when it already follows this trip (that message is kept, its request replaced by this one). */
  already: string;
}

export interface ReplyNotice {
  /** Once per chat and key ("off:3017:95:0806:3020:next"). */
  key: string;
  reply: Reply;
}

export interface ReplyImage {
  /** PNG bytes. */
  png: Uint8Array;
  /** The picture in text: a platform without pictures shows it, screen readers read it. */
  alt: string[];
  /** A file name for the attachment ("line.png"): Discord embeds name it. */
  fileName: string;
  width: number;
  height: number;
}

export interface ReplyLink {
  label: string;
  url: string;
  /** The platform may open it inside the chat (Telegram's Mini App, in a private chat over https), rather than in a browser. */
  inChat?: boolean;
}

export interface ReplyLocation {
  lat: number;
  lon: number;
  /** Degrees clockwise from north. */
  bearing?: number;
}

export interface ReplyBlock {
  heading?: string;
  lines: string[];
}

/** Buttons that belong together (Refresh and Save; one per route; one per stop). */
export type ButtonGroup = ReplyButton[];

export interface ReplyButton {
  label: string;
  /** What pressing it asks the core to run, exactly as a typed command would. */
  command: CommandRequest;
  /**
   * How its answer is best shown: `update` redraws the message the button sits under (Refresh),
   * `reply` answers with a new message, `notice` with a short confirmation (a toast).
   */
  effect: 'update' | 'reply' | 'notice';
  /**
   * What a rider would type for the same, where the request's own values read as nothing to a
   * person (a way's button value, "0"): where buttons are hints to type (the terminal), this is shown.
   */
  typed?: string;
}
