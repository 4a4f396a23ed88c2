// A BotCore stand-in for adapter tests that are about Telegram, not about arrivals.
import type { BotCore, Locale } from '../../../src/bot/core.js';
import type { ChatContext } from '../../../src/bot/chat.js';
import type { ButtonAction, Reply } from '../../../src/bot/reply.js';

export interface FakeCore extends BotCore {
  seen: Array<{ kind: 'text' | 'action' | 'location'; input: unknown; chat: ChatContext }>;
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
    buttons: [[{ label: 'Refresh', action: { type: 'refresh', stopNo } }]],
  });
  return {
    seen,
    async handleText(text, chat) {
      seen.push({ kind: 'text', input: text, chat });
      if (chat.chatType !== 'private' && !text.startsWith('/')) return null;
      const stop = /(\d{4})/.exec(text)?.[1];
      return stop ? arrivals(stop) : { kind: 'usage-error', blocks: [{ lines: ['Send a stop number'] }] };
    },
    asksTransit(text) {
      return /\d{4}/.test(text);
    },
    async handleAction(action: ButtonAction, chat) {
      seen.push({ kind: 'action', input: action, chat });
      return action.type === 'save-stop' ? { kind: 'answer', blocks: [{ lines: [`Saved ${action.stopNo}`] }] } : arrivals(action.stopNo);
    },
    async handleLocation(lat, lon, chat) {
      seen.push({ kind: 'location', input: [lat, lon], chat });
      return { kind: 'answer', title: 'Near you', blocks: [{ lines: ['3017 Baseline: 40 m'] }] };
    },
    async localeOf(chat): Promise<Locale> {
      return chat.languageCode?.startsWith('fr') ? 'fr' : 'en';
    },
    t(locale, id, args) {
      const text = (TEXTS[id] ?? id).replace(/\{(\w+)\}/g, (_, k: string) => String(args?.[k] ?? ''));
      return locale === 'fr' ? `[fr] ${text}` : text;
    },
    commandMenu(locale) {
      return [{ command: 'next', description: locale === 'fr' ? 'Prochains bus' : 'Next buses' }];
    },
  };
}
