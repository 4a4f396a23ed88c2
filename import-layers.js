// Who may import whom inside src/, and which parts may import which libraries, read by
// .dependency-cruiser.js, which `npm run lint` runs. Every part may import itself. A part ending
// in `/*` is each folder there on its own: a source never imports another source, a chat adapter
// never another adapter. A part ending in `.ts` is files, `*` standing for any characters but
// `/`: `chat/*.ts` is the files directly in chat/. main.ts and config/ wire the parts together
// and may import anything of src/.
// prettier-ignore
export const LAYERS = [
  // part                         may import
  ['domain',                      []],
  ['util',                        []],
  ['log.ts',                      []],
  ['gtfs-format',                 ['domain', 'util']],
  ['stops',                       ['domain', 'gtfs-format', 'util']],
  // The stop index is a library below the sources: the GTFS source builds one from its stops.
  ['sources/*',                   ['domain', 'util', 'gtfs-format', 'log.ts', 'stops', 'sources/*.ts']],
  // Directly under sources/: helpers the sources share, and the one place that opens them.
  ['sources/*.ts',                ['domain', 'util', 'gtfs-format', 'log.ts', 'stops', 'sources']],
  ['store',                       ['domain', 'util', 'log.ts']],
  ['core',                        ['domain', 'util', 'log.ts']],
  // Metrics and health: the pushes report through ports of domain/ (the sink, the health), so nothing imports ops but main.
  ['ops',                         ['domain', 'util', 'log.ts']],
  // Pictures the core draws (SVG) made PNG: handed to the core by main as a port (domain/route-line.ts).
  ['render',                      ['domain', 'util']],
  // Scheduled work: the minute's alerts, disruption pushes, live messages, their delivery.
  ['pushes',                      ['domain', 'core', 'util', 'log.ts']],
  // The live map: the TransitSource port and the store's ports (domain) are handed to it by main, and the
  // core's words as a function, so it imports no source, no store and not the core itself.
  ['web',                         ['domain', 'util', 'log.ts']],
  ['chat/*.ts',                   ['core', 'domain', 'util', 'log.ts']],
  ['chat/*',                      ['chat/*.ts', 'core', 'domain', 'util', 'log.ts']],
  // The registered platforms: each adapter's platform object, named once.
  ['chat/platforms.ts',           ['chat/*', 'chat/*.ts', 'core', 'domain', 'util', 'log.ts']],
  // A program of its own (`npm run discord:deploy`): it reads the config and the first feed's profile as main does (the demo's is v1.2's).
  ['chat/discord/deploy-cli.ts',  ['chat/discord', 'chat/*.ts', 'core', 'domain', 'util', 'log.ts', 'config', 'sources/open.ts', 'sources/octranspo-v12/index.ts']],
  // The simulator imitates the v1.2 API: it shares that source's wire definitions (its index).
  ['sim',                         ['domain', 'gtfs-format', 'util', 'log.ts', 'stops', 'sources/octranspo-v12/index.ts']],
];

// The libraries that tie a part to one platform, one database or one wire format, and the only
// parts that may import them, so that the core stays platform-neutral and a driver is swapped in
// one place. A part is named as in LAYERS (a folder, a file, `*` any characters but `/`); a
// package ending in `/*` is every package of that scope. A library that is not installed counts
// too (a probe importing it, or a driver added later).
// prettier-ignore
export const LIBRARIES = [
  // library                          its packages                                                       only in
  ['grammY',                          ['grammy', '@grammyjs/*'],                                         ['chat/telegram']],
  ['discord.js',                      ['discord.js', '@discordjs/*'],                                    ['chat/discord']],
  // The store's drivers, and the schedule database's (better-sqlite3 on its worker threads).
  // ioredis is also BullMQ's own driver: the delivery queue hands it a cluster client on a Redis Cluster.
  ['database and Redis drivers',      ['better-sqlite3', 'keyv', '@keyv/*', 'redis', '@redis/*', 'ioredis'], ['store', 'sources/gtfs/static/db*.ts', 'pushes/delivery/bull-queue.ts']],
  // The rasteriser of the bot's drawings (Rust, prebuilt binaries).
  ['resvg',                           ['@resvg/*'],                                                      ['render']],
  ['BullMQ',                          ['bullmq'],                                                        ['pushes/delivery/bull-queue.ts']],
  // The GTFS-Realtime schema, and the decoders of TripUpdates, VehiclePositions and Service Alerts (alert-content.ts: an alert's fields off the wire).
  ['protobufjs',                      ['protobufjs'],                                                    ['gtfs-format', 'sources/gtfs/realtime/*decode*.ts', 'sources/gtfs/realtime/alert-content.ts']],
];

// Parts entered through one file only: from outside the folder, every import of it names its door,
// so that what lies behind the door can move without touching the parts that use it.
// prettier-ignore
export const DOORS = [
  // part     its door
  ['core',    'core/index.ts'],
];

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A part as a path pattern under src/; `$1` names the folder a `/*` part matched. */
function pattern(part, self) {
  if (part.endsWith('/*')) return self ? `^src/${escape(part.slice(0, -2))}/([^/]+)/` : `^src/${escape(part.slice(0, -2))}/$1/`;
  if (part.endsWith('.ts')) return `^src/${escape(part).replaceAll('*', '[^/]*')}$`;
  return `^src/${escape(part)}/`;
}

/**
 * One dependency-cruiser rule per part: its files may import, inside src/, only itself and what
 * its row allows. A file a more specific row names (deploy-cli.ts, platforms.ts) is left to that row.
 */
export function layerRules() {
  return LAYERS.map(([part, allowed]) => {
    const more = LAYERS.map(([other]) => other).filter(
      (other) => other !== part && other.endsWith('.ts') && !other.includes('*') && new RegExp(pattern(part, true)).test(`src/${other}`),
    );
    return {
      name: `layer:${part}`,
      severity: 'error',
      comment: `${part} may import, inside src/, only ${[part, ...allowed].join(', ')} (import-layers.js).`,
      from: { path: pattern(part, true), ...(more.length > 0 ? { pathNot: more.map((other) => pattern(other, false)) } : {}) },
      to: {
        path: '^src/',
        pathNot: [part, ...allowed].map((allowedPart) =>
          allowedPart === part ? selfPattern(part) : pattern(allowedPart, false).replace('$1/', '[^/]+/'),
        ),
      },
    };
  });
}

/** What a part may always import: itself (for a `/*` part, the same folder it was matched in). */
function selfPattern(part) {
  return part.endsWith('/*') ? pattern(part, false) : pattern(part, true);
}

/**
 * A library's packages as a pattern of what an import resolves to: a file under node_modules (the
 * package's own or its @types), or the bare name when it did not resolve (a types-only entry
 * point such as grammy/types, a package that is not installed).
 */
function packagesPattern(packages) {
  const names = packages.map((name) => (name.endsWith('/*') ? `${escape(name.slice(0, -2))}/[^/]+` : escape(name)));
  return `(^|node_modules/)(@types/)?(${names.join('|')})(/|$)`;
}

/** One dependency-cruiser rule per library: imported from src/ outside its parts, it fails. */
export function libraryRules() {
  return LIBRARIES.map(([library, packages, parts]) => ({
    name: `library:${library}`,
    severity: 'error',
    comment: `${library} (${packages.join(', ')}) may be imported only in ${parts.map((part) => `src/${part}`).join(', ')} (import-layers.js).`,
    from: { path: '^src/', pathNot: parts.map((part) => pattern(part, true)) },
    to: { path: packagesPattern(packages) },
  }));
}

/** One dependency-cruiser rule per door: a file outside the part importing past its door fails. */
export function doorRules() {
  return DOORS.map(([part, door]) => ({
    name: `door:${part}`,
    severity: 'error',
    comment: `Outside src/${part}/, import it only through src/${door} (import-layers.js).`,
    from: { path: '^src/', pathNot: pattern(part, true) },
    to: { path: pattern(part, true), pathNot: `^src/${escape(door)}$` },
  }));
}
