// The live map's door: main builds its handler and serves it on WEB_PORT (or beside the metrics).
export { createWebHandler, MAP_PATH, type WebDeps, type WebHandler } from './web-handler.js';
export { startWebServer, type WebServer } from './server.js';
export { mapAddress } from './map-address.js';
export type { MapTiles } from './map-answer.js';
