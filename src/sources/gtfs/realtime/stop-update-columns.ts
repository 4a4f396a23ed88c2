import type { StopEvent, StopRelationship, StopUpdate } from './feed.js';

// Every stop update of a feed, one typed array per field: a big feed's hundreds of thousands of
// updates as objects took about 190 bytes each on the heap, and building them stalled the event
// loop in the garbage collector (every one survives, so each scavenge copied them all). In typed
// arrays they take about 45 bytes each, outside the heap; a trip's updates become objects only
// when a look-up reads them. Absent numbers are NaN; absent stop ids -1.

const RELATIONSHIPS: readonly StopRelationship[] = ['SCHEDULED', 'SKIPPED', 'NO_DATA', 'UNSCHEDULED'];

export interface StopUpdateColumns {
  readonly size: number;
  readonly stopSequence: Float64Array;
  /** Index into stopIds. */
  readonly stopId: Int32Array;
  readonly stopIds: readonly string[];
  readonly arrivalTime: Float64Array;
  readonly arrivalDelay: Float64Array;
  readonly departureTime: Float64Array;
  readonly departureDelay: Float64Array;
  /** StopTimeUpdate.ScheduleRelationship's number. */
  readonly relationship: Uint8Array;
}

export class StopUpdateColumnsBuilder {
  size = 0;
  private capacity: number;
  private stopSequence: Float64Array;
  private stopId: Int32Array;
  private arrivalTime: Float64Array;
  private arrivalDelay: Float64Array;
  private departureTime: Float64Array;
  private departureDelay: Float64Array;
  private relationship: Uint8Array;
  private readonly stopIds: string[] = [];
  private readonly stopIndex = new Map<string, number>();

  constructor(capacity: number) {
    this.capacity = Math.max(16, capacity);
    this.stopSequence = new Float64Array(this.capacity);
    this.stopId = new Int32Array(this.capacity);
    this.arrivalTime = new Float64Array(this.capacity);
    this.arrivalDelay = new Float64Array(this.capacity);
    this.departureTime = new Float64Array(this.capacity);
    this.departureDelay = new Float64Array(this.capacity);
    this.relationship = new Uint8Array(this.capacity);
  }

  /** The stop id's index, the same for every update naming it. */
  stop(id: string): number {
    if (id === '') return -1;
    let index = this.stopIndex.get(id);
    if (index === undefined) {
      index = this.stopIds.push(id) - 1;
      this.stopIndex.set(id, index);
    }
    return index;
  }

  push(
    stopSequence: number,
    stopId: number,
    arrivalTime: number,
    arrivalDelay: number,
    departureTime: number,
    departureDelay: number,
    relationship: number,
  ): void {
    if (this.size === this.capacity) this.grow();
    const i = this.size++;
    this.stopSequence[i] = stopSequence;
    this.stopId[i] = stopId;
    this.arrivalTime[i] = arrivalTime;
    this.arrivalDelay[i] = arrivalDelay;
    this.departureTime[i] = departureTime;
    this.departureDelay[i] = departureDelay;
    this.relationship[i] = relationship;
  }

  /** The columns cut to their size (a copy, so that the spare capacity is given back). */
  build(): StopUpdateColumns {
    const n = this.size;
    return {
      size: n,
      stopSequence: this.stopSequence.slice(0, n),
      stopId: this.stopId.slice(0, n),
      stopIds: this.stopIds,
      arrivalTime: this.arrivalTime.slice(0, n),
      arrivalDelay: this.arrivalDelay.slice(0, n),
      departureTime: this.departureTime.slice(0, n),
      departureDelay: this.departureDelay.slice(0, n),
      relationship: this.relationship.slice(0, n),
    };
  }

  private grow(): void {
    this.capacity *= 2;
    const wider = <T extends Float64Array | Int32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(this.capacity);
      next.set(old);
      return next;
    };
    this.stopSequence = wider(this.stopSequence, (n) => new Float64Array(n));
    this.stopId = wider(this.stopId, (n) => new Int32Array(n));
    this.arrivalTime = wider(this.arrivalTime, (n) => new Float64Array(n));
    this.arrivalDelay = wider(this.arrivalDelay, (n) => new Float64Array(n));
    this.departureTime = wider(this.departureTime, (n) => new Float64Array(n));
    this.departureDelay = wider(this.departureDelay, (n) => new Float64Array(n));
    this.relationship = wider(this.relationship, (n) => new Uint8Array(n));
  }
}

const number = (value: number): number | undefined => (Number.isNaN(value) ? undefined : value);

function event(time: number, delay: number): StopEvent | undefined {
  if (Number.isNaN(time) && Number.isNaN(delay)) return undefined;
  return { time: number(time), delay: number(delay) };
}

/** The trips with an update at each stop id (each trip once per stop, in the trips' order). */
export function tripsByStop<T extends { firstUpdate: number; updateCount: number }>(
  columns: StopUpdateColumns,
  trips: readonly T[],
): Map<string, T[]> {
  const byStop = new Map<string, T[]>();
  for (const trip of trips) {
    for (let i = trip.firstUpdate; i < trip.firstUpdate + trip.updateCount; i++) {
      const stopId = columns.stopIds[columns.stopId[i]!];
      if (stopId === undefined) continue;
      const list = byStop.get(stopId);
      if (list === undefined) byStop.set(stopId, [trip]);
      else if (list.at(-1) !== trip) list.push(trip);
    }
  }
  return byStop;
}

/** Updates first..first+count-1 as objects, for the look-up that reads them. */
export function stopUpdatesAt(columns: StopUpdateColumns, first: number, count: number): StopUpdate[] {
  const updates: StopUpdate[] = [];
  for (let i = first; i < first + count; i++) {
    const stopId = columns.stopId[i]!;
    updates.push({
      stopSequence: number(columns.stopSequence[i]!),
      stopId: stopId < 0 ? undefined : columns.stopIds[stopId],
      arrival: event(columns.arrivalTime[i]!, columns.arrivalDelay[i]!),
      departure: event(columns.departureTime[i]!, columns.departureDelay[i]!),
      relationship: RELATIONSHIPS[columns.relationship[i]!] ?? 'SCHEDULED',
    });
  }
  return updates;
}
