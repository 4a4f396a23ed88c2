import type { FaultPlan } from './faults.js';
import { faultsSchema } from './faults.js';
import { json, text, type SimResponse } from './response.js';
import type { SimStats } from './stats.js';

// /__sim/...: the simulator's own endpoints, outside the v1.2 API.
//   GET  /__sim/faults  the current fault plan
//   POST /__sim/faults  replace it (JSON body, see Faults); {} clears
//   GET  /__sim/stats   request counters and process memory

export function control(method: string, path: string, body: string, faults: FaultPlan, stats: SimStats): SimResponse {
  if (path === '/__sim/stats' && method === 'GET') return json(200, stats.snapshot());
  if (path === '/__sim/faults' && method === 'GET') return json(200, faults.current());
  if (path === '/__sim/faults' && method === 'POST') {
    let parsed: unknown;
    try {
      parsed = body.trim() === '' ? {} : JSON.parse(body);
    } catch {
      return json(400, { error: 'the body must be JSON' });
    }
    const checked = faultsSchema.safeParse(parsed);
    if (!checked.success) return json(400, { error: checked.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`) });
    faults.set(checked.data);
    return json(200, faults.current());
  }
  return text(404, 'Not found');
}
