import type { GtfsRecord } from '../../sources/octranspo-v12/index.js';
import type { GtfsEcho } from '../ops/gtfs-query.js';
import { dotNetJson } from './dotnet-json.js';
import { el, renderXml } from './xml.js';

// Gtfs answers (spec 4.4): JSON {"Query": {...}, "Gtfs": [record...]}; XML <Gtfs> holding one
// <result id="..."> per record with a child element per other column (null values as empty
// elements). In XML the id is the attribute only, as in test/fixtures/octranspo-api/gtfs-stops.xml.

export function gtfsJson(echo: GtfsEcho, records: GtfsRecord[]): string {
  return dotNetJson({ Query: echo, Gtfs: records });
}

export function gtfsXml(records: GtfsRecord[]): string {
  return renderXml(
    el(
      'Gtfs',
      records.map(({ id = '', ...columns }) =>
        el(
          'result',
          Object.entries(columns).map(([column, value]) => el(column, value)),
          { id },
        ),
      ),
    ),
  );
}
