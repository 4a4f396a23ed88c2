import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zipGtfs } from '../../../src/sim/gtfs-zip.js';
import { fileSource, tempDir, writeZip } from './helpers.js';

// Hostile and broken static feeds (issue 16, items 2 and 5): each is refused in one logged line,
// the import in use keeps answering, nothing is left on disk, and the same file is not tried again
// until it changes.

const NOW = '2025-03-12T08:00:00-04:00';

const GTFS: Record<string, string> = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Toronto\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,3017,BASELINE,45.1,-75.1\nB,3018,OAK,45.2,-75.2\nC,3019,ELM,45.3,-75.3\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,95,3\nR2,96,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign\nR1,WK,T1,Downtown\nR2,WK,T2,Uptown\n',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:10:00,08:10:00,A,1\nT1,08:20:00,08:20:00,B,2\nT2,08:15:00,08:15:00,A,1\nT2,08:25:00,08:25:00,C,2\n',
};

/** A zip whose central directory declares another uncompressed size for `name` than its bytes have. */
async function withDeclaredSize(files: Record<string, string>, name: string, size: number): Promise<Buffer> {
  const zip = await zipGtfs(files);
  for (let at = zip.length - 22; at >= 0; at--) {
    if (zip.readUInt32LE(at) !== 0x02014b50) continue; // central directory header
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) zip.writeUInt32LE(size, at + 24);
  }
  return zip;
}

/** A zip with entries as given, duplicates and folders included (yazl refuses neither). */
async function rawZip(entries: Array<[string, string]>): Promise<Buffer> {
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  for (const [name, text] of entries) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('a hostile or broken static feed', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
  });
  afterEach(() => dir.remove());

  async function importedThen(bad: Buffer | Record<string, string>) {
    const opened = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(await opened.source.refreshSchedule()).toBe('imported');
    writeFileSync(zip, Buffer.isBuffer(bad) ? bad : await zipGtfs(bad));
    return opened;
  }

  const failures = (log: string[]) => log.filter((line) => line.includes('schedule import failed'));
  const leftovers = () => readdirSync(join(dir.path, 'data', 'gtfs')).filter((f) => f !== 'current.json' && f !== 'refused.json');

  it('reads a stray quote in stops.txt as most readers do: the stop keeps its name', async () => {
    writeFileSync(zip, await zipGtfs({ ...GTFS, 'stops.txt': GTFS['stops.txt']!.replace('BASELINE', '"BANK / SLATER" NORTH') }));
    const { source } = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(await source.refreshSchedule()).toBe('imported');
    expect((await source.stopDetails('3017')).name).toBe('BANK / SLATER NORTH');
    await source.close();
  });

  it.each([
    ['declares stops.txt shorter than it is', () => withDeclaredSize(GTFS, 'stops.txt', 20)],
    ['declares stop_times.txt longer than it is', () => withDeclaredSize(GTFS, 'stop_times.txt', 5000)],
    ['has a quote that never closes', () => zipGtfs({ ...GTFS, 'stops.txt': `${GTFS['stops.txt']}D,3020,"OPEN ${'x'.repeat(20_000)}` })],
  ])('a zip that %s: refused in one line, the previous import answers, not tried again until it changes', async (_, make) => {
    const { source, lines } = await importedThen(await make());
    expect(await source.refreshSchedule()).toBe('failed');
    expect((await source.nextTripsAllRoutes('3017')).routes.map((r) => r.routeNo)).toEqual(['95', '96']);
    expect(await source.refreshSchedule()).toBe('unchanged');
    expect(failures(lines)).toHaveLength(1);
    expect(leftovers()).toEqual([expect.stringMatching(/^schedule-.*\.sqlite$/)]);
    // A new file is tried again (here, a good one).
    writeFileSync(zip, await zipGtfs({ ...GTFS, 'routes.txt': GTFS['routes.txt']!.replace('95', '97') }));
    expect(await source.refreshSchedule()).toBe('imported');
    expect((await source.nextTripsAllRoutes('3017')).routes.map((r) => r.routeNo)).toEqual(['97', '96']);
    await source.close();
  });

  it('remembers a refused file across a restart', async () => {
    const first = await importedThen(await withDeclaredSize(GTFS, 'stops.txt', 20));
    expect(await first.source.refreshSchedule()).toBe('failed');
    await first.source.close();
    const again = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(await again.source.refreshSchedule()).toBe('unchanged');
    expect(again.source.hasSchedule()).toBe(true);
    await again.source.close();
  });

  it('refuses a zip bomb by its expansion before reading a row', async () => {
    // 40 MB of one repeated line: deflate packs it hundreds of times.
    const line = 'T1,08:10:00,08:10:00,A,1\n';
    const stopTimes = GTFS['stop_times.txt']!.split('\n')[0] + '\n' + line.repeat(1_600_000);
    expect(deflateRawSync(stopTimes).length).toBeLessThan(stopTimes.length / 200);
    const { source, lines } = await importedThen({ ...GTFS, 'stop_times.txt': stopTimes });
    expect(await source.refreshSchedule()).toBe('failed');
    expect(failures(lines)[0]).toContain('stop_times.txt expands');
    await source.close();
  });

  it('refuses a field of megabytes', async () => {
    const { source, lines } = await importedThen({ ...GTFS, 'stops.txt': GTFS['stops.txt']!.replace('OAK', 'O'.repeat(1_000_000)) });
    expect(await source.refreshSchedule()).toBe('failed');
    expect(failures(lines)[0]).toContain('a field runs past');
    await source.close();
  });

  it('reads the top-level stops.txt, not one tucked in a folder before it, and refuses a name given twice', async () => {
    const evil = 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,3017,HIJACKED,45.1,-75.1\n';
    const entries = Object.entries(GTFS);
    writeFileSync(zip, await rawZip([['evil/stops.txt', evil], ...entries]));
    const { source, lines } = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(await source.refreshSchedule()).toBe('imported');
    expect((await source.stopDetails('3017')).name).toBe('BASELINE');

    writeFileSync(zip, await rawZip([...entries, ['stops.txt', evil]]));
    expect(await source.refreshSchedule()).toBe('failed');
    expect(failures(lines)[0]).toContain('stops.txt twice');
    expect((await source.stopDetails('3017')).name).toBe('BASELINE');
    await source.close();
  });

  it('still reads a feed whose files are all in one folder', async () => {
    writeFileSync(zip, await rawZip(Object.entries(GTFS).map(([name, text]) => [`export/${name}`, text])));
    const { source } = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(await source.refreshSchedule()).toBe('imported');
    await source.close();
  });

  it('refuses a feed that would drop most of the network in use', async () => {
    const oneStop = { ...GTFS, 'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,3017,BASELINE,45.1,-75.1\n' };
    const { source, lines } = await importedThen(oneStop);
    expect(await source.refreshSchedule()).toBe('failed');
    expect(failures(lines)[0]).toContain('the new feed has 1 stops where the one in use has 3');
    expect((await source.nextTripsAllRoutes('3018')).stopName).toBe('OAK');
    expect(leftovers()).toHaveLength(1);
    await source.close();
  });
});
