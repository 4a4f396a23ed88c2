import { describe, expect, it } from 'vitest';
import { commandAsText } from '../../src/core/command-text.js';
import type { CommandRequest } from '../../src/core/command-request.js';
import { parseText } from '../../src/core/parse-text.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';
import { V12_IDENTIFIERS } from '../../src/sources/octranspo-v12/identifiers.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { typedWords } from '../../src/core/languages/typed-words.js';

// The terminal prints a button as the command it stands for: typed back as it is, it must be the
// same request, whatever the command and whichever options the button leaves out, and whatever
// language folders are present (the code's own forms: "when", "route", "mon,wed,fri").

const WORDS = [
  ['every language', packageLanguages().typed],
  ['no language folder', typedWords([])],
] as const;

const requests: CommandRequest[] = [
  { name: 'next', options: { stop: '3017', route: '95' } },
  { name: 'next', options: { stop: '3017' } },
  { name: 'routes', options: { stop: '3017' } },
  { name: 'stop', options: { query: '3017' } },
  { name: 'save', options: { stop: '3017', name: 'home' } },
  { name: 'unsave', options: { stop: '3017' } },
  { name: 'subscribe', options: { stop: '3017', route: '95', time: '07:30', days: 'mon,wed,fri' } },
  { name: 'subscribe', options: { stop: '3017', time: '07:30' } },
  { name: 'subscribe', options: { stop: '3017', route: '95', when: '5', window: '07:00-09:00' } },
  { name: 'subscribe', options: { stop: '3017', route: '95', days: 'weekdays', when: '10', window: '16:00-18:30' } },
  { name: 'disruptions', options: { stop: '3017', route: '95' } },
  { name: 'disruptions', options: { stop: '3017' } },
  { name: 'disruptions', options: { route: '95' } },
  { name: 'disruptions', options: {} },
  { name: 'where', options: { stop: '3017', route: '95', trip: '0930' } },
  { name: 'saved', options: {} },
];

describe('a button as the terminal prints it', () => {
  for (const [grammar, identifiers] of [
    ['v1.2', V12_IDENTIFIERS],
    ['GTFS', GTFS_IDENTIFIERS],
  ] as const) {
    for (const [languages, words] of WORDS) {
      it.each(requests)(`types back as the same request (${grammar}, ${languages}): %o`, (request) => {
        const typed = commandAsText(request);
        expect(parseText(typed, { chatType: 'private' }, { identifiers, words }), typed).toEqual({ ok: true, request });
      });
    }
  }
});
