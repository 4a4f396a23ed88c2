// The core as an adapter sees it (answering riders, speaking), for adapter tests that are about
// Telegram, not about arrivals.
import type { ChatContext } from '../../../src/core/chat-context.js';
import type { ParsedText } from '../../../src/core/command-request.js';
import type { CommandRequest } from '../../../src/domain/command-request.js';
import type { Locale, RiderAnswers, Speaking } from '../../../src/core/core.js';
import type { Reply } from '../../../src/domain/reply.js';
import { V12_IDENTIFIERS } from '../../../src/sources/octranspo-v12/identifiers.js';

export interface FakeCore extends RiderAnswers, Speaking {
  seen: Array<{ kind: 'text' | 'request' | 'location'; input: unknown; chat: ChatContext }>;
}

const TEXTS: Record<string, string> = {
  'rate-limited': 'Slow down <please>',
  'error-internal': 'Something went wrong',
  'button-expired': 'Old button',
  'refresh-up-to-date': 'Already up to date',
  'inline-usage-title': 'Type a stop',
  'inline-usage-description': 'like 3017 95',
  'arrivals-updated': 'Updated at {clock}',
};

export function createFakeCore(): FakeCore {
  const seen: FakeCore['seen'] = [];
  const arrivals = (stopNo: string): Reply => ({
    kind: 'answer',
    title: `Stop ${stopNo} & <co>`,
    blocks: [{ heading: '95', lines: ['3 min'] }],
    buttons: [[{ label: 'Refresh', command: { name: 'next', options: { stop: stopNo } }, effect: 'update' }]],
  });
  const answerTo = (request: CommandRequest): Reply =>
    request.name === 'save'
      ? { kind: 'answer', blocks: [{ lines: [`Saved ${request.options.stop}`] }] }
      : request.name === 'next'
        ? arrivals(request.options.stop ?? '')
        : { kind: 'answer', blocks: [{ lines: [`/${request.name}`] }] };
  const core: FakeCore = {
    seen,
    identifiers: V12_IDENTIFIERS,
    parse(text, chat): ParsedText | null {
      const input = String(text);
      if (chat.chatType !== 'private' && !input.startsWith('/')) return null;
      const stop = /(\d{4})/.exec(input)?.[1];
      if (stop) return { ok: true, request: { name: 'next', options: { stop } } };
      if (input.startsWith('/help')) return { ok: true, request: { name: 'help', options: {} } };
      return { ok: false, usage: { id: 'usage-empty', args: {} } };
    },
    async answer(parsed, chat) {
      return parsed.ok ? core.run(parsed.request, chat) : { kind: 'usage-error', blocks: [{ lines: ['Send a stop number'] }] };
    },
    async handleText(text, chat) {
      seen.push({ kind: 'text', input: text, chat });
      const parsed = core.parse(text, chat);
      return parsed === null ? null : core.answer(parsed, chat);
    },
    run(request, chat) {
      seen.push({ kind: 'request', input: request, chat });
      return Promise.resolve(answerTo(request));
    },
    asksTransit: (request) => request.name === 'next' || request.name === 'save',
    handleLocation(lat, lon, chat) {
      seen.push({ kind: 'location', input: [lat, lon], chat });
      return Promise.resolve({ kind: 'answer', title: 'Near you', blocks: [{ lines: ['3017 Baseline: 40 m'] }] });
    },
    suggest() {
      return Promise.resolve([]);
    },
    localeOf(chat): Promise<Locale> {
      return Promise.resolve(chat.languageCode?.startsWith('fr') ? 'fr' : 'en');
    },
    t(locale, id, args) {
      const text = (TEXTS[id] ?? id).replace(/\{(\w+)\}/g, (_, k: string) => String(args?.[k] ?? ''));
      return locale === 'fr' ? `[fr] ${text}` : text;
    },
    commandMenu(locale) {
      return [{ command: 'next', description: locale === 'fr' ? 'Prochains bus' : 'Next buses' }];
    },
  };
  return core;
}
