// Who may import whom inside src/ (libraries are not checked), read by .dependency-cruiser.js,
// which `npm run lint` runs. Every part may import itself. A part ending in `/*` is each folder
// there on its own: a source never imports another source, a chat adapter never another
// adapter. A part ending in `*.ts` is the files directly in that folder. main.ts, config.ts and
// feeds-file.ts wire the parts together and may import anything.
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
  ['bot',                         ['domain', 'util', 'log.ts']],
  ['metrics',                     ['domain', 'util', 'log.ts']],
  ['alerts',                      ['domain', 'bot', 'util', 'log.ts', 'metrics']],
  ['chat/*.ts',                   ['bot', 'domain', 'util', 'log.ts']],
  ['chat/*',                      ['chat/*.ts', 'bot', 'domain', 'util', 'log.ts']],
  // A program of its own (`npm run discord:deploy`): it reads the config and the source's profile as main does.
  ['chat/discord/deploy-cli.ts',  ['chat/discord', 'chat/*.ts', 'bot', 'domain', 'util', 'log.ts', 'config.ts', 'sources/open.ts']],
  // The simulator imitates the v1.2 API: it shares that source's wire definitions (its index).
  ['sim',                         ['domain', 'gtfs-format', 'util', 'log.ts', 'stops', 'sources/octranspo-v12/index.ts']],
];

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A part as a path pattern under src/; `$1` names the folder a `/*` part matched. */
function pattern(part, self) {
  if (part.endsWith('/*')) return self ? `^src/${escape(part.slice(0, -2))}/([^/]+)/` : `^src/${escape(part.slice(0, -2))}/$1/`;
  if (part.endsWith('*.ts')) return `^src/${escape(part.slice(0, -4))}[^/]+\\.ts$`;
  if (part.endsWith('.ts')) return `^src/${escape(part)}$`;
  return `^src/${escape(part)}/`;
}

/**
 * One dependency-cruiser rule per part: its files may import, inside src/, only itself and what
 * its row allows. A file a more specific row names (deploy-cli.ts) is left to that row.
 */
export function layerRules() {
  return LAYERS.map(([part, allowed]) => {
    const more = LAYERS.map(([other]) => other).filter(
      (other) => other !== part && other.endsWith('.ts') && !part.endsWith('.ts') && other.startsWith(part.replace(/\*$/, '')),
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
