import { replacementStop, type DisruptionReading } from '../domain/disruption.js';
import type { StopIndex } from '../domain/stop-index.js';
import { isAboutTheQuestion } from '../domain/transit-error.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { Logger } from '../log.js';

/**
 * The disruptions to show beside a stop's arrivals: undefined when the source publishes none;
 * a question the source refuses (the arrivals say why) shows none; whatever else goes wrong reads
 * as "unavailable" (arrivals are answered all the same).
 */
export async function readDisruptions(
  transit: TransitSource,
  stopNo: string,
  routeNo: string | undefined,
  logger?: Logger,
): Promise<DisruptionReading | undefined> {
  if (transit.disruptions === undefined) return undefined;
  try {
    return await transit.disruptions({ stop: stopNo, ...(routeNo !== undefined ? { route: routeNo } : {}) });
  } catch (err) {
    // A stop or route the source does not know: the arrivals already say so.
    if (isAboutTheQuestion(err)) return undefined;
    logger?.debug({ err, stopNo }, 'disruptions not read beside arrivals');
    return { status: 'unavailable' };
  }
}

/** Where riders are sent instead of this stop (a stop code and its name), from the most severe disruption that says; undefined when none does. */
export function stopInstead(
  reading: DisruptionReading | undefined,
  stopNo: string,
  stops: StopIndex | undefined,
): { stop: string; name: string } | undefined {
  if (reading?.status !== 'ok' || stops === undefined) return undefined;
  for (const disruption of reading.disruptions) {
    const code = replacementStop(disruption, stopNo, (c) => stops.nameOf(c) !== undefined);
    if (code !== undefined) return { stop: code, name: stops.nameOf(code) ?? '' };
  }
  return undefined;
}
