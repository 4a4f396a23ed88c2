import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stopNameOf } from '../../src/core/commands/read-options.js';
import { parseText } from '../../src/core/parse-text.js';
import { V12_IDENTIFIERS } from '../../src/sources/octranspo-v12/identifiers.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';

const parseInput = (text: unknown, chat: { chatType: 'private' | 'group' | 'channel'; botUsername?: string }) =>
  parseText(text, chat, { identifiers: V12_IDENTIFIERS, words: packageLanguages().typed });

const chats = fc.constantFrom(
  { chatType: 'private' as const, botUsername: 'ArrivalsBot' },
  { chatType: 'group' as const, botUsername: 'ArrivalsBot' },
  { chatType: 'private' as const },
);

// Inputs that look like what riders type: digits, slashes, spaces, @, command names, emoji.
const riderish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '/',
        '@',
        ' ',
        '  ',
        '\t',
        '\n',
        '/next',
        '/routes',
        '/stop',
        '/lang',
        '/save',
        '@ArrivalsBot',
        '@x',
        'fr',
        'R2',
        '🚌',
        '\u200b',
        '\u0000',
        'é',
        ',',
        ';',
      ),
      fc.stringMatching(/^[0-9]{1,6}$/),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const anyText = fc.oneof(
  fc.string({ maxLength: 260 }),
  fc.string({ unit: 'binary', maxLength: 260 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  riderish,
);

describe('parseInput on arbitrary text', () => {
  it('never throws; returns a command, a usage error with a usage-* id, or null', () => {
    fc.assert(
      fc.property(anyText, chats, (text, chat) => {
        const result = parseInput(text, chat);
        if (result === null) return;
        if (result.ok) {
          expect(result.request.name).toMatch(
            /^(next|routes|stop|save|saved|unsave|subscribe|subs|unsubscribe|pause|resume|timezone|notify|lang|help|start)$/,
          );
          const { stop, route } = result.request.options;
          // A stop is a stop number, or words naming one: saved under them, or in its name (looked up when it runs).
          if (stop !== undefined && stopNameOf(stop) !== stop) expect(V12_IDENTIFIERS.readStop(stop)).toEqual({ ok: true, value: stop });
          if (route !== undefined) expect(V12_IDENTIFIERS.readRoute(route)).toEqual({ ok: true, value: route });
        } else {
          expect(result.usage.id).toMatch(/^usage-[a-z-]+$/);
        }
      }),
      { numRuns: 12_000 },
    );
  });

  it('stays silent in groups unless the text is a command', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        // Blanks, control and invisible characters, commas and semicolons before the slash do not stop a command.
        const visible = text
          .normalize('NFKC')
          .replace(/\p{Cf}/gu, '')
          .replace(/^[\s\p{Cc}\p{Z},;]+/u, '');
        fc.pre(!visible.startsWith('/'));
        expect(parseInput(text, { chatType: 'group', botUsername: 'ArrivalsBot' })).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads any 4-digit stop and any short route, in either order', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{4}$/), fc.stringMatching(/^[0-9]{1,3}$/), fc.boolean(), (stop, routeNo, routeFirst) => {
        const text = routeFirst ? `/next ${routeNo} ${stop}` : `/next ${stop} ${routeNo}`;
        expect(parseInput(text, { chatType: 'group' })).toEqual({ ok: true, request: { name: 'next', options: { stop, route: routeNo } } });
      }),
      { numRuns: 1_000 },
    );
  });
});
