import type { StopUpdate } from '../realtime/feed.js';
import type { TripStop } from '../static/timetable.js';

// A trip's updates checked against its stops in the schedule before anything is predicted from
// them. A feed built against a newer schedule gives stop_sequences that the schedule in use
// assigns to other stops (Halifax: a stop inserted at sequence 8, and every later update one
// off); trusted, they put a bus at the neighbouring stop with the neighbour's time, even at a stop
// the feed says is skipped. Where an update carries both and they disagree, its stop_id decides
// when that stop is in the trip once. The inserted stop itself, absent from the schedule in use,
// is left out when the stop the schedule has at its sequence comes later in the feed (the
// numbering moved on); a stop the trip lacks that stands in for one of its stops (another
// platform, another pattern) leaves nothing that can be placed safely: the trip keeps its
// scheduled times.

export type Reconciled =
  { kind: 'agree'; updates: readonly StopUpdate[] } | { kind: 'matched-by-stop-id'; updates: readonly StopUpdate[] } | { kind: 'dropped' };

export function reconcileUpdates(updates: readonly StopUpdate[], stops: readonly TripStop[] | undefined): Reconciled {
  if (stops === undefined || stops.length === 0) return { kind: 'agree', updates };
  const idAt = new Map(stops.map((s) => [s.stopSequence, s.stopId]));
  let placed: StopUpdate[] | undefined;
  for (const [i, update] of updates.entries()) {
    if (update.stopSequence === undefined || update.stopId === undefined || idAt.get(update.stopSequence) === update.stopId) {
      placed?.push(update);
      continue;
    }
    const same = stops.filter((s) => s.stopId === update.stopId);
    if (same.length === 1) {
      placed ??= updates.slice(0, i);
      placed.push({ ...update, stopSequence: same[0]!.stopSequence });
      continue;
    }
    const scheduledHere = idAt.get(update.stopSequence);
    const numberingMoved = scheduledHere !== undefined && updates.slice(i + 1).some((later) => later.stopId === scheduledHere);
    if (same.length > 1 || !numberingMoved) return { kind: 'dropped' };
    placed ??= updates.slice(0, i);
  }
  return placed === undefined ? { kind: 'agree', updates } : { kind: 'matched-by-stop-id', updates: placed };
}
