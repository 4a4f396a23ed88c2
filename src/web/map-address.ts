import { MAP_PATH } from './web-handler.js';

/** A route's live map at the public base (".../map?route=95&stop=3017"): what a link and a Mini App button open. */
export function mapAddress(baseUrl: string, route: string, stop?: string): string {
  const query = new URLSearchParams({ route, ...(stop !== undefined ? { stop } : {}) });
  return `${baseUrl.replace(/\/+$/, '')}${MAP_PATH}?${query.toString()}`;
}
