import type { CommandRequest } from '../../domain/command-request.js';
import type { Reply } from '../../domain/reply.js';
import { haversineMeters } from '../../domain/geo.js';
import type { StopChoice } from '../../domain/transit-error.js';
import { MAX_NAME_CHARS, type Say } from './text.js';
import { stopName } from './names.js';

/**
 * "Stop 3000 is in several networks: which one?" with a button per agency, each running the same
 * request again with the stop of that agency ("sto:3000" where the rider typed "3000").
 */
export function stopChoiceReply(
  typed: string,
  choices: readonly StopChoice[],
  request: CommandRequest,
  say: Say,
  riderPlace?: { lat: number; lon: number },
): Reply {
  const placed = choices.map((choice) => ({ choice, meters: metersFrom(riderPlace, choice) }));
  // Where the rider shared their place lately, the nearest stop first (the sort keeps the feeds' order otherwise).
  placed.sort((a, b) => (a.meters ?? Infinity) - (b.meters ?? Infinity));
  const lines = placed.map(({ choice, meters }) => {
    // A feed still loading cannot name the stop yet: its agency alone.
    if (choice.name.trim() === '') return choice.agency;
    const words = { agency: choice.agency, name: stopName(choice.name, typed, MAX_NAME_CHARS) };
    return meters === undefined ? say('stop-which-line', words) : say('stop-which-line-near', { ...words, meters: Math.round(meters) });
  });
  const buttons = placed.map(({ choice }, i) => ({
    label: lines[i]!,
    command: { name: request.name, options: withStop(request.options, typed, choice.stop) },
    effect: 'reply' as const,
  }));
  return { title: say('stop-which-title', { stopNo: typed }), blocks: [{ lines }], buttons: [buttons], kind: 'answer' };
}

/** The request's options with the typed stop, wherever it stands (a stop, a query), naming its feed. */
function withStop(options: Readonly<Record<string, string>>, typed: string, stop: string): Record<string, string> {
  return Object.fromEntries(Object.entries(options).map(([name, value]) => [name, value === typed ? stop : value]));
}

function metersFrom(place: { lat: number; lon: number } | undefined, choice: StopChoice): number | undefined {
  if (place === undefined || choice.position === undefined) return undefined;
  return haversineMeters(place.lat, place.lon, choice.position.lat, choice.position.lon);
}
