// The places a chat leaves from and its walking pace (/place, /walk): one record per chat, kept
// until the rider deletes a place; and, for ten minutes after "/place home", the name its next
// shared location is for. What is stored is what the rider asked for, and nothing of it is
// logged: an unreadable record is reported by its key and a reason of our own words, never its value.
import type Keyv from 'keyv';
import { z } from 'zod';
import type { PlaceOutcome, RiderPlace, RiderPlacesRepository } from '../domain/store-ports.js';
import { WALK_PACES, type WalkPace } from '../domain/walking.js';
import { guarded } from './errors.js';
import { awaitedPlaceKey, placesKey, walkPaceKey } from './keys.js';
import { readStored, type CorruptionLog } from './records.js';

const PlaceRecord = z.object({
  name: z.string().min(1).max(40),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
const PlacesRecord = z.object({ places: z.array(PlaceRecord) });

export function createRiderPlaces(keyv: Keyv, corrupt: CorruptionLog): RiderPlacesRepository {
  async function read(key: string): Promise<RiderPlace[]> {
    const [stored] = await readStored(keyv, [key]);
    if (stored === undefined || stored.state === 'absent') return [];
    const parsed = stored.state === 'present' ? PlacesRecord.safeParse(stored.value) : undefined;
    if (parsed?.success === true) return parsed.data.places;
    // Our own words only: a parser's message may quote the text, a rider's whereabouts.
    corrupt(key, stored.state === 'unreadable' ? 'unreadable' : 'not a list of places');
    return [];
  }

  return {
    list: (chat) => guarded('read the chat places', () => read(placesKey(chat))),
    put: (chat, place, max) =>
      guarded('save a chat place', async (): Promise<PlaceOutcome> => {
        const key = placesKey(chat);
        const places = await read(key);
        const at = places.findIndex((p) => p.name === place.name);
        if (at === -1 && places.length >= max) return 'full';
        const next = at === -1 ? [...places, place] : places.map((p, i) => (i === at ? place : p));
        await keyv.set(key, { places: next.map(({ name, lat, lon }) => ({ name, lat, lon })) });
        return at === -1 ? 'saved' : 'replaced';
      }),
    remove: (chat, name) =>
      guarded('delete a chat place', async () => {
        const key = placesKey(chat);
        const places = await read(key);
        const rest = places.filter((p) => p.name !== name);
        if (rest.length === places.length) return false;
        if (rest.length === 0) await keyv.delete(key);
        else await keyv.set(key, { places: rest });
        return true;
      }),
    // In the store, not one instance's memory: behind a balancer the location may reach another instance.
    awaitLocation: (chat, name, forMs) =>
      guarded('remember the place a location is for', async () => {
        await keyv.set(awaitedPlaceKey(chat), name, forMs);
      }),
    takeAwaited: (chat) =>
      guarded('read the place a location is for', async () => {
        const key = awaitedPlaceKey(chat);
        const [stored] = await readStored(keyv, [key]);
        if (stored === undefined || stored.state === 'absent') return undefined;
        await keyv.delete(key);
        if (stored.state === 'present' && PlaceRecord.shape.name.safeParse(stored.value).success) return stored.value as string;
        corrupt(key, 'not a place name');
        return undefined;
      }),
    walkPace: (chat) =>
      guarded('read the chat walking pace', async (): Promise<WalkPace> => {
        const key = walkPaceKey(chat);
        const [stored] = await readStored(keyv, [key]);
        if (stored === undefined || stored.state === 'absent') return 'normal';
        if (stored.state === 'present' && WALK_PACES.includes(stored.value as WalkPace)) return stored.value as WalkPace;
        corrupt(key, stored.state === 'unreadable' ? stored.reason : 'not a walking pace');
        return 'normal';
      }),
    setWalkPace: (chat, pace) =>
      guarded('save the chat walking pace', async () => {
        await keyv.set(walkPaceKey(chat), pace);
      }),
  };
}
