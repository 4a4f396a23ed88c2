import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect } from 'vitest';
import { TransitError } from '../../../src/domain/transit-error.js';
import { type BusType } from '../../../src/domain/arrivals.js';

/** The port's kind each v1.2 error code maps to (spec section 7). */
export const KIND_OF_CODE: Readonly<Record<number, string>> = {
  1: 'refused-credentials',
  2: 'unavailable',
  10: 'unknown-stop',
  11: 'unknown-route',
  12: 'route-not-at-stop',
  13: 'no-routes',
};

export const FIXTURE_DIR = new URL('../../fixtures/octranspo-api/', import.meta.url);

export function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURE_DIR), 'utf8');
}

/** The TransitError `work` throws; fails the test if it throws anything else or nothing. */
export function thrown(work: () => unknown): TransitError {
  let error: unknown;
  try {
    work();
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(TransitError);
  return error as TransitError;
}

export async function rejection(promise: Promise<unknown>): Promise<TransitError> {
  let error: unknown;
  try {
    await promise;
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(TransitError);
  return error as TransitError;
}

/** A BusType with every flag false unless given. */
export function bus(raw: string, traits: Partial<Omit<BusType, 'raw'>> = {}): BusType {
  return { raw, doubleDecker: false, lowFloor: false, bikeRack: false, hybrid: false, ...traits };
}

/** A logger at every level whose JSON lines land in `lines`. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: pino({ level: 'trace' }, stream) };
}
