import { describe, expect, it } from 'vitest';
import { gtfsFields, type GtfsQuery } from '../../../src/sources/octranspo-v12/index.js';
import { thrown } from './helpers.js';

function circular(): object {
  const loop: Record<string, unknown> = {};
  loop.self = loop;
  return loop;
}

describe('gtfsFields', () => {
  it('turns a full query into the documented form fields', () => {
    expect(gtfsFields({ table: 'stops', column: 'stop_code', value: '3017', orderBy: 'stop_id', direction: 'desc', limit: 5 })).toStrictEqual({
      table: 'stops',
      column: 'stop_code',
      value: '3017',
      order_by: 'stop_id',
      direction: 'desc',
      limit: '5',
    });
  });

  it('lets id alone satisfy a table that needs a filter', () => {
    expect(gtfsFields({ table: 'trips', id: '42' })).toStrictEqual({ table: 'trips', id: '42' });
  });

  it('needs no filter for tables without one', () => {
    expect(gtfsFields({ table: 'agency' })).toStrictEqual({ table: 'agency' });
    expect(gtfsFields({ table: 'routes', column: 'route_short_name', value: '95' })).toStrictEqual({
      table: 'routes',
      column: 'route_short_name',
      value: '95',
    });
  });

  it('accepts drop_off_type on stop_times though the spec list omits it', () => {
    expect(gtfsFields({ table: 'stop_times', column: 'trip_id', value: 'T1', orderBy: 'drop_off_type' }).order_by).toBe('drop_off_type');
  });

  it.each<[string, GtfsQuery, string]>([
    [
      'unknown table',
      { table: 'buses' as 'stops' },
      'gtfs: unknown table "buses"; tables: agency, calendar, calendar_dates, routes, stops, stop_times, trips',
    ],
    ['inherited property name as table', { table: 'toString' as 'stops' }, 'gtfs: unknown table "toString"'],
    ['column not in table', { table: 'routes', column: 'stop_code', value: '1' }, 'gtfs: routes has no column "stop_code"'],
    ['column without value', { table: 'routes', column: 'route_id' }, 'gtfs: column route_id needs a value'],
    ['value without column', { table: 'routes', value: '95' }, 'gtfs: value needs a column'],
    ['empty value', { table: 'routes', column: 'route_id', value: '  ' }, 'gtfs: value must be a non-empty string'],
    [
      'value with a space',
      { table: 'stops', column: 'stop_code', value: '30 17' },
      'gtfs: value must not contain spaces (the API refuses them), got "30 17"',
    ],
    ['order_by not in table', { table: 'routes', orderBy: 'stop_id' }, 'gtfs: cannot order routes by "stop_id": no such column'],
    ['bad direction', { table: 'routes', direction: 'up' as 'asc' }, 'gtfs: direction must be asc or desc, got "up"'],
    ['zero limit', { table: 'routes', limit: 0 }, 'gtfs: limit must be a positive whole number, got 0'],
    ['fractional limit', { table: 'routes', limit: 2.5 }, 'gtfs: limit must be a positive whole number, got 2.5'],
    ['stops without a filter', { table: 'stops' }, 'gtfs: stops needs a filter: id, or column set to one of stop_id, stop_code, id'],
    [
      'stops filtered on another column',
      { table: 'stops', column: 'stop_name', value: 'BASELINE' },
      'gtfs: stops needs a filter: id, or column set to one of stop_id, stop_code, id',
    ],
    [
      'stop_times without a filter',
      { table: 'stop_times', orderBy: 'stop_sequence' },
      'gtfs: stop_times needs a filter: id, or column set to one of trip_id, stop_id, id',
    ],
    [
      'trips filtered on trip_id',
      { table: 'trips', column: 'trip_id', value: 'T1' },
      'gtfs: trips needs a filter: id, or column set to one of route_id, id',
    ],
    ['empty id', { table: 'trips', id: '' }, 'gtfs: id must be a non-empty string'],
    // Shapes a JavaScript caller could pass: refused as invalid requests, never a crash or a 'parse'.
    ['a bigint table', { table: 3n as unknown as 'stops' }, 'gtfs: unknown table bigint'],
    ['a circular table', { table: circular() as unknown as 'stops' }, 'gtfs: unknown table object'],
    ['a symbol direction', { table: 'routes', direction: Symbol('up') as unknown as 'asc' }, 'gtfs: direction must be asc or desc, got symbol'],
    ['a symbol limit', { table: 'routes', limit: Symbol('5') as unknown as number }, 'gtfs: limit must be a positive whole number, got symbol'],
    [
      'a limit whose toString throws',
      {
        table: 'routes',
        limit: {
          toString: () => {
            throw new Error('boom');
          },
        } as unknown as number,
      },
      'gtfs: limit must be a positive whole number, got object',
    ],
    [
      'a query whose getters throw',
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('boom');
          },
        },
      ) as GtfsQuery,
      'gtfs: unreadable query',
    ],
  ])('refuses %s', (_name, query, message) => {
    const error = thrown(() => gtfsFields(query));
    expect(error.kind).toBe('bad-request');
    expect(error.message.startsWith(message)).toBe(true);
  });
});
