import { createTransitClient, type TransitClientOptions } from '../../../src/sources/octranspo-v12/index.js';
import { API_KEY, APP_ID, type Upstream } from './fake-upstream.js';

/** A client pointed at the local upstream, with test-friendly retry delay and timeout. */
export function clientFor(upstream: Upstream, options: Partial<TransitClientOptions> = {}) {
  return createTransitClient({ baseUrl: upstream.baseUrl, appId: APP_ID, apiKey: API_KEY, retryDelayMs: 1, timeoutMs: 5000, ...options });
}
