import { afterEach, describe, expect, it } from 'vitest';
import { createOps } from '../../src/ops/ops.js';
import type { OpsServer } from '../../src/ops/server.js';
import { fixedClock } from '../../src/domain/clock.js';
import type { FeedStatus } from '../../src/domain/transit-source.js';
import { capturingLogger } from '../pushes/fakes.js';

// /metrics carries each feed's accuracy figures, read at the scrape, with bounded labels only.

let server: OpsServer | undefined;
afterEach(async () => {
  await server?.close();
});

describe('/metrics: accuracy per feed', () => {
  it('serves predictions scored by feed, band and outcome, and cancelled and vanished trips per feed', async () => {
    let feeds: FeedStatus[] = [
      {
        feed: 'oc',
        schedule: 'ready',
        realtime: 'ok',
        accuracy: {
          predictions: [
            { band: '0-3', outcome: 'within', count: 5 },
            { band: '0-3', outcome: 'early', count: 1 },
            { band: '10-15', outcome: 'late', count: 2 },
          ],
          cancelled: 6,
          vanished: 2,
        },
      },
      // A feed without realtime has no such series.
      { feed: 'sto', schedule: 'ready', realtime: 'none' },
    ];
    const ops = createOps({ clock: fixedClock('2026-11-23T12:30:04Z'), feeds: () => feeds });
    server = await ops.serve({ port: 0, logger: capturingLogger().logger });
    const scrape = async () => (await fetch(`http://127.0.0.1:${server!.port}/metrics`)).text();
    const text = await scrape();
    expect(text).toContain('# TYPE transit_predictions_scored_total counter');
    expect(text).toContain('transit_predictions_scored_total{feed="oc",band="0-3",outcome="within"} 5');
    expect(text).toContain('transit_predictions_scored_total{feed="oc",band="0-3",outcome="early"} 1');
    expect(text).toContain('transit_predictions_scored_total{feed="oc",band="10-15",outcome="late"} 2');
    expect(text).toContain('transit_trips_cancelled_total{feed="oc"} 6');
    expect(text).toContain('transit_trips_vanished_total{feed="oc"} 2');
    expect(text).not.toContain('feed="sto",band');
    expect(text).not.toMatch(/transit_trips_cancelled_total\{feed="sto"\}/);
    // Read again at each scrape, never added up twice.
    feeds = [{ ...feeds[0]!, accuracy: { ...feeds[0]!.accuracy!, cancelled: 7 } }];
    const again = await scrape();
    expect(again).toContain('transit_trips_cancelled_total{feed="oc"} 7');
    expect(again).toContain('transit_predictions_scored_total{feed="oc",band="0-3",outcome="within"} 5');
  });
});
