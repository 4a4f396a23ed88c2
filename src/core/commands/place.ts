// /place: the places a chat leaves from, for /leave. "/place home" then a shared location (or
// "/place home 45.42,-75.69" where the platform shares none), "/place" lists them, "/place delete
// home" deletes one. Each chat's own: kept until deleted, shown to no other chat, never logged.
import { PLACE_NAME_CHARS } from '../../domain/alert-kinds/index.js';
import type { RiderPlace } from '../../domain/store-ports.js';
import { usage, type Reading } from '../command-request.js';
import { messageReply } from '../format/text.js';
import { storeFailure, type HandlerContext } from '../handler-context.js';
import type { Reply } from '../../domain/reply.js';
import { tooManyWords } from './read-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';

/** Places a chat may keep: home, work, a few others. */
export const MAX_PLACES_PER_CHAT = 10;
/** How long after "/place home" the chat's next shared location is that place. */
const AWAIT_LOCATION_MS = 10 * 60_000;

const spec: CommandSpec = {
  name: 'place',
  args: [
    { name: 'name', kind: 'label', required: false, labelId: 'arg-place' },
    { name: 'at', kind: 'coordinates', required: false, labelId: 'arg-coordinates' },
    { name: 'delete', kind: 'label', required: false, labelId: 'arg-place-delete' },
  ],
  helpId: 'command-place',
  descriptionId: 'command-place.description',
  example: '/place home',
  asksTransit: false,
  managesChat: true,
};

export const place: CommandModule = {
  spec,
  wordsToOptions(words, ctx): Reading<Options> {
    if (words.length === 0) return { ok: true, value: {} };
    const [first, ...rest] = words;
    if (ctx.words.is('delete', first!)) {
      if (rest.length !== 1) return usage('place-delete-which');
      return { ok: true, value: { delete: rest[0]! } };
    }
    if (rest.length > 2) return tooManyWords(spec);
    return { ok: true, value: rest.length === 0 ? { name: first! } : { name: first!, at: rest.join(' ') } };
  },
  optionsToWords: ({ name, at, delete: gone }: Options) =>
    gone !== undefined ? ['delete', gone] : [name, at].filter((w): w is string => w !== undefined),
  async run(options, ctx) {
    if (ctx.places === undefined) return messageReply('failure', ctx.say('place-unavailable'));
    try {
      if (options.delete !== undefined) {
        const removed = await ctx.places.remove(ctx.chat, options.delete);
        return messageReply(removed ? 'answer' : 'failure', ctx.say(removed ? 'place-deleted' : 'place-unknown', { name: options.delete }));
      }
      if (options.name === undefined) return listPlaces(await ctx.places.list(ctx.chat), ctx);
      if (options.name.length > PLACE_NAME_CHARS) return messageReply('usage-error', ctx.say('usage-label-bad'));
      if (options.at === undefined) {
        await ctx.places.awaitLocation(ctx.chat, options.name, AWAIT_LOCATION_MS);
        return messageReply('answer', ctx.say('place-share', { name: options.name, example: `/place ${options.name} 45.42,-75.69` }));
      }
      const [lat, lon] = options.at.split(',').map(Number) as [number, number];
      return await savePlace({ name: options.name, lat, lon }, ctx);
    } catch (err) {
      return storeFailure(err, 'place-failed', ctx);
    }
  },
};

/** Saves the place and says so (never where it is: the rider knows, and a reply may be seen by others in a group). */
export async function savePlace(where: RiderPlace, ctx: Pick<HandlerContext, 'places' | 'chat' | 'say'>): Promise<Reply> {
  const outcome = await ctx.places!.put(ctx.chat, where, MAX_PLACES_PER_CHAT);
  if (outcome === 'full') return messageReply('failure', ctx.say('place-full', { max: MAX_PLACES_PER_CHAT }));
  return messageReply('answer', ctx.say('place-saved', { name: where.name }));
}

function listPlaces(places: readonly RiderPlace[], ctx: HandlerContext): Reply {
  if (places.length === 0) return messageReply('answer', ctx.say('place-none'));
  const names = places.map((p) => p.name).join(', ');
  return messageReply('answer', ctx.say('place-list', { count: places.length, names }));
}
