import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimSlot } from '../../../src/sources/gtfs/static/import-slot.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { createGtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger, fileSource, tempDir, writeZip } from './helpers.js';

// The schedule's files under DATA_DIR/gtfs after what a process goes through (issue 16, items 17
// and 18): a database damaged on disk that still opens is imported again, and what a killed
// import left is removed at the next start, while another process's import under way is not.

const NOW = '2025-03-12T08:00:00-04:00';
const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Toronto\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,3017,BASELINE,45.1,-75.1\nB,3018,OAK,45.2,-75.2\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,95,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign\nR1,WK,T1,Downtown\n',
  'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:10:00,08:10:00,A,1\nT1,08:20:00,08:20:00,B,2\n',
};

describe('the schedule on disk', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  let gtfsDir: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
    gtfsDir = join(dir.path, 'data', 'gtfs');
  });
  afterEach(() => dir.remove());

  it('imports again at start when the stored database was damaged, though the feed did not change', async () => {
    const first = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(await first.source.refreshSchedule()).toBe('imported');
    await first.source.close();
    // One letter of a stop's name changed in place: the file still opens and answers, wrongly.
    const db = join(
      gtfsDir,
      readdirSync(gtfsDir).find((f) => f.endsWith('.sqlite'))!,
    );
    const bytes = readFileSync(db);
    const at = bytes.indexOf('BASELINE');
    expect(at).toBeGreaterThan(0);
    bytes.write('BASEL1NE', at);
    writeFileSync(db, bytes);

    const again = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(again.source.hasSchedule()).toBe(false);
    expect(again.lines.join('')).toContain('the stored schedule is damaged');
    expect(await again.source.refreshSchedule()).toBe('imported');
    expect((await again.source.stopDetails('3017')).name).toBe('BASELINE');
    await again.source.close();
  });

  it('removes at start what an import killed mid-way left, but not what a running import holds', async () => {
    mkdirSync(gtfsDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./import-killed.ts', import.meta.url).pathname, gtfsDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('claimed') && resolve()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const killed = readdirSync(gtfsDir);
    expect(killed.filter((f) => f.startsWith('schedule-'))).toHaveLength(4); // lock, zip, zip.part, sqlite
    writeFileSync(join(gtfsDir, 'download.zip'), 'an earlier version’s download');
    const running = await claimSlot(gtfsDir, 1);
    writeFileSync(running.zip, 'PK');

    const { source, lines } = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    expect(readdirSync(gtfsDir).sort()).toEqual([running.zip, running.zip.replace(/zip$/, 'lock')].map((p) => p.split('/').pop()).sort());
    expect(lines.join('')).toContain('removed what an interrupted import left');
    expect(await source.refreshSchedule()).toBe('imported');
    expect(existsSync(running.zip)).toBe(true);
    await running.release();
    await source.close();
  });
});

describe('a DATA_DIR the schedule cannot live in', () => {
  it('is refused at once, naming the folder, rather than spun on (a folder under /proc)', async () => {
    const opening = createGtfsSource({
      schedule: { kind: 'file', path: '/nowhere.zip' },
      dataDir: '/proc/arrivals-bot-data',
      now: fixedClock(0),
      logger: capturingLogger().logger,
    });
    await expect(opening).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
