// What operators' probes read: whether the process is alive (a restart would mend it otherwise)
// and whether it is ready to answer from every feed. ops/health.ts answers it; the ops server and
// the Telegram webhook server serve it on the same paths, so /healthz means one thing wherever
// it is asked.

export interface HealthReport {
  ok: boolean;
  [detail: string]: unknown;
}

export interface Health {
  /** Liveness: the process answers and its timer turns (a minute tick finished lately). */
  live(): HealthReport;
  /** Readiness: live, and every feed has its schedule to answer from (none loading, none refused). */
  ready(): HealthReport;
}

/** The probes' paths: /healthz is liveness, as /livez; /readyz is readiness. */
const PATHS: Readonly<Record<string, keyof Health>> = { '/healthz': 'live', '/livez': 'live', '/readyz': 'ready' };

/** The answer to a probe's path (200, or 503 with `"ok": false`); undefined: not a probe's path. */
export function healthAnswer(path: string, health: Health): { status: number; body: string } | undefined {
  const check = Object.hasOwn(PATHS, path) ? PATHS[path] : undefined;
  if (check === undefined) return undefined;
  const report = health[check]();
  return { status: report.ok ? 200 : 503, body: JSON.stringify(report) };
}
