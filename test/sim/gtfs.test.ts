import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { GTFS_COLUMNS, GTFS_TABLES } from '../../src/sources/octranspo-v12/gtfs-tables.js';
import { post, postJson, sim, type GtfsReply } from './helpers.js';
import { fixture, xmlSkeleton } from './skeleton.js';

// The Gtfs operation over the demo network: every parameter of spec 4.4, the table filter
// requirements, and HTTP 400 for a query the service would refuse.

describe('Gtfs', () => {
  it('serves every table with every column of the spec, ids numbering the records', async () => {
    const server = await sim();
    const filters: Record<string, Record<string, string>> = {
      stops: { column: 'stop_code', value: '3017' },
      stop_times: { column: 'trip_id', value: '95-eastbound-weekday-0730' },
      trips: { column: 'route_id', value: '95-184' },
    };
    for (const table of GTFS_TABLES) {
      const reply = await postJson<GtfsReply>(server, 'Gtfs', { table, ...filters[table] });
      expect(reply.Gtfs.length, table).toBeGreaterThan(0);
      for (const record of reply.Gtfs) {
        expect(Object.keys(record), table).toEqual([...GTFS_COLUMNS[table]]);
        expect(
          Object.values(record).every((v) => typeof v === 'string'),
          table,
        ).toBe(true);
      }
    }
  });

  it('echoes the query in JSON (direction upper-case) and finds the platforms of a shared stop code', async () => {
    const server = await sim();
    const reply = await postJson<GtfsReply>(server, 'Gtfs', { table: 'stops', column: 'stop_code', value: '3017' });
    expect(reply.Query).toEqual({ table: 'stops', direction: 'ASC', column: 'stop_code', value: '3017', format: 'json' });
    expect(reply.Gtfs.map((s) => [s.stop_id, s.stop_name])).toEqual([
      ['SH900', 'BASELINE 1B'],
      ['SH915', 'BASELINE 1A'],
      ['SH930', 'BASELINE 2A'],
      ['SH935', 'BASELINE 2B'],
    ]);
  });

  it('selects by id, orders by a column either way (numbers as numbers) and limits', async () => {
    const server = await sim();
    const one = await postJson<GtfsReply>(server, 'Gtfs', { table: 'routes', id: '3' });
    expect(one.Gtfs).toEqual([{ id: '3', route_id: '11-184', route_short_name: '11', route_long_name: '', route_desc: '', route_type: '3' }]);
    const ordered = await postJson<GtfsReply>(server, 'Gtfs', { table: 'routes', order_by: 'route_short_name', direction: 'desc', limit: '3' });
    expect(ordered.Query.direction).toBe('DESC');
    expect(ordered.Gtfs.map((r) => r.route_short_name)).toEqual(['97', '95', '94']);
    const ascending = await postJson<GtfsReply>(server, 'Gtfs', { table: 'routes', order_by: 'route_short_name' });
    expect(ascending.Gtfs.map((r) => r.route_short_name)).toEqual(['1', '7', '11', '16', '94', '95', '97']);
  });

  it('serves the expanded timetable: a frequency-based trip and its stop times', async () => {
    const server = await sim();
    const stopTimes = await postJson<GtfsReply>(server, 'Gtfs', {
      table: 'stop_times',
      column: 'trip_id',
      value: '95-eastbound-weekday-2500',
      order_by: 'stop_sequence',
    });
    expect(stopTimes.Gtfs).toHaveLength(15);
    expect(stopTimes.Gtfs[0]).toMatchObject({ stop_id: 'SH915', arrival_time: '25:00:00', stop_sequence: '1' });
    expect(stopTimes.Gtfs[9]).toMatchObject({ stop_id: 'CD955', arrival_time: '25:20:00' });
    const trips = await postJson<GtfsReply>(server, 'Gtfs', { table: 'trips', column: 'route_id', value: '16-184' });
    expect(new Set(trips.Gtfs.map((t) => t.service_id))).toEqual(new Set(['WEEKDAY', 'SATURDAY']));
  });

  it('answers XML as <Gtfs> with a <result id="..."> per record and empty elements for nulls', async () => {
    const server = await sim();
    const reply = await post(server, 'Gtfs', { table: 'stops', column: 'stop_id', value: 'CK270' });
    expect(reply.contentType).toBe('text/xml; charset=utf-8');
    expect(reply.body).toContain('<result id="');
    expect(reply.body).toContain('<stop_desc/>');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(reply.body) as {
      Gtfs: { result: Record<string, unknown> };
    };
    expect(parsed.Gtfs.result).toMatchObject({ '@id': '41', stop_id: 'CK270', stop_code: '0756', stop_name: 'BOOTH / WELLINGTON' });
    expect(parsed.Gtfs.result.id).toBeUndefined();
  });

  it('is shaped like the Gtfs fixtures: the same element names and order, and <Gtfs/> for no records', async () => {
    const server = await sim();
    const stops = await post(server, 'Gtfs', { table: 'stops', column: 'stop_code', value: '3017' });
    expect(xmlSkeleton(stops.body)).toEqual(xmlSkeleton(fixture('gtfs-stops.xml')));
    const routes = await post(server, 'Gtfs', { table: 'routes', id: '6' });
    expect(xmlSkeleton(routes.body)).toEqual(xmlSkeleton(fixture('gtfs-routes.xml')));
    const none = await post(server, 'Gtfs', { table: 'trips', column: 'route_id', value: '999-1' });
    expect(none.body).toBe(fixture('gtfs-empty.xml'));
  });

  it.each([
    ['stops without a stop filter', { table: 'stops' }],
    ['stops filtered on a column that is not allowed alone', { table: 'stops', column: 'stop_name', value: 'LEES' }],
    ['stop_times without trip or stop', { table: 'stop_times', column: 'arrival_time', value: '08:00:00' }],
    ['trips without route', { table: 'trips', column: 'service_id', value: 'WEEKDAY' }],
    ['a value with a space', { table: 'stops', column: 'stop_name', value: 'BASELINE 1A', id: '1' }],
    ['a column without a value', { table: 'routes', column: 'route_id' }],
    ['an unknown column', { table: 'routes', column: 'colour', value: 'red' }],
    ['an unknown table', { table: 'shapes' }],
    ['no table', {}],
    ['an unknown order column', { table: 'routes', order_by: 'colour' }],
    ['a bad direction', { table: 'routes', direction: 'up' }],
    ['a bad limit', { table: 'routes', limit: '-1' }],
  ])('refuses %s with HTTP 400', async (_, fields) => {
    const server = await sim();
    const reply = await post(server, 'Gtfs', fields);
    expect(reply.status).toBe(400);
  });

  it('refuses bad credentials with HTTP 401 (the spec shows no in-band Gtfs error)', async () => {
    const server = await sim();
    const reply = await post(server, 'Gtfs', { table: 'routes' }, { appID: 'arrivals-demo', apiKey: 'nope' });
    expect(reply.status).toBe(401);
  });
});
