import type { GtfsRecord } from '../../transit/gtfs-tables.js';
import type { GtfsEcho } from '../ops/gtfs-query.js';
import { dotNetJson } from './dotnet-json.js';
import { el, renderXml } from './xml.js';

// Gtfs answers (spec 4.4): JSON {"Query": {...}, "Gtfs": [record...]}; XML <Gtfs> holding one
// <result id="..."> per record with a child element per column (null values as empty elements).

export function gtfsJson(echo: GtfsEcho, records: GtfsRecord[]): string {
  return dotNetJson({ Query: echo, Gtfs: records });
}

export function gtfsXml(records: GtfsRecord[]): string {
  return renderXml(
    el(
      'Gtfs',
      records.map((record) => el('result', Object.entries(record).map(([column, value]) => el(column, value)), { id: record.id ?? '' })),
    ),
  );
}
