import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBot } from './run-bot.js';

// `npm start` on the demo network maps and draws offline: the terminal prints the live map's
// address, an answer under /next carries it, and the map's JSON has route 95's line and its buses
// (the demo server's GTFS twin, opened when a drawing is first asked for), with no tiles; /line
// draws the route's strip with its buses; `/next 3017 95 tomorrow` answers from the same twin's schedule.

const dataDir = mkdtempSync(join(tmpdir(), 'arrivals-map-e2e-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Answer {
  directions: Array<{ stops: unknown[] }>;
  vehicles: Array<{ id: string; lat: number; lon: number }>;
  tiles: unknown;
  riderStop?: string;
}

describe('npm start: the live map of the demo network', () => {
  it('prints its address, offers it under arrivals, serves route 95 with its buses, and draws its line', async () => {
    // A weekday morning in Ottawa, when route 95 runs.
    const bot = startBot({ DATA_DIR: dataDir, LANG: 'en_CA.UTF-8', CLOCK_START: '2026-03-02T09:00-05:00' });
    let stderr = '';
    bot.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await bot.logged('Live map of a route: ');
    // One write: the address and its line end come with the words.
    const printed = /Live map of a route: (http:\/\/127\.0\.0\.1:\d+\/map\?route=95&stop=3017)\n/.exec(stderr);
    expect(printed).not.toBeNull();
    const address = printed![1]!;

    const answered = bot.printed('[🗺 Map]');
    bot.child.stdin.write('/next 3017 95\n');
    await answered;

    const response = await fetch(address.replace('/map?', '/map/api/route?'));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.directions).toHaveLength(2);
    expect(answer.directions[0]!.stops.length).toBeGreaterThan(10);
    expect(answer.vehicles.length).toBeGreaterThan(0);
    expect(answer.tiles).toBeNull();
    expect(answer.riderStop).toBe('3017');
    expect((await fetch(address)).headers.get('content-type')).toContain('text/html');

    const drawn = bot.printed('[Arrivals] /next 3017 95');
    bot.child.stdin.write('/line 3017 95\n');
    await drawn;

    // Later times: the v1.2 API has none, the twin's schedule answers (Monday 2 March: tomorrow is Tuesday).
    const later = bot.printed('Route 95 at BASELINE (3017), Tue, Mar 3');
    bot.child.stdin.write('/next 3017 95 tomorrow\n');
    await later;

    bot.child.kill('SIGTERM');
    const run = await bot.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`[🗺 Map] ${address}`);
    // Both directions as strips, the rider's stop named, at least one bus on them.
    expect(run.stdout).toMatch(/🛤 Route 95\n/);
    expect(run.stdout.match(/^ {2}[●◉🚌─]+ 3017$/gmu)).toHaveLength(2);
    expect(run.stdout).toContain('🚌');
  });
});
