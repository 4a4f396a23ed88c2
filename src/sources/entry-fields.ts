import { z } from 'zod';
import { replayInstant } from '../domain/clock-start.js';

// The fields of a FEEDS_FILE entry, as every source kind's forms write them: those every entry
// has (its id, its name, ...) and the pieces kinds build their own of (a location, a secret,
// request headers).

const FEED_ID = /^[a-z][a-z0-9-]{0,15}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const text = (max: number) => z.string().trim().min(1, 'a non-empty text').max(max, `at most ${max} characters`);
/** A URL (http or https) or a file path. */
export const location = text(2000);
/** A value, or "$NAME" for the environment variable holding it (FEEDS_FILE). */
export const secret = text(4000);
export const headers = z.record(z.string().regex(HEADER_NAME, 'a header name such as Ocp-Apim-Subscription-Key'), secret);

/** What every entry may say, whatever its kind. */
export const COMMON_FIELDS = {
  id: z.string().regex(FEED_ID, 'a short lower-case id: a letter, then letters, digits or - (at most 16), like "sto"'),
  // The agency as riders know it; a feed listed alone may leave it to its source (its agency.txt).
  name: text(60).optional(),
  attribution: text(1000).optional(),
  refreshSeconds: z.number().int().min(5).max(3600).optional(),
  // Replaying captures: this feed's clock starts here, whatever the bot's (CLOCK_START).
  clockStart: replayInstant.optional(),
};

/** An entry of a form whose own fields are `Fields`, as read. */
export type EntryOf<Fields extends z.ZodRawShape> = z.output<z.ZodObject<typeof COMMON_FIELDS & Fields>>;
