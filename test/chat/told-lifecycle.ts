// The store's chat lifecycle as a record of what an adapter told it, for tests about the adapter.
import type { ChatRef } from '../../src/domain/chat.js';
import type { ChatLifecycle } from '../../src/domain/store-ports.js';

export interface ToldLifecycle extends ChatLifecycle {
  told: Array<{ event: 'refused' | 'returned' | 'moved'; chat: ChatRef; to?: ChatRef }>;
}

export function toldLifecycle(): ToldLifecycle {
  const told: ToldLifecycle['told'] = [];
  return {
    told,
    refused: (chat) => Promise.resolve(void told.push({ event: 'refused', chat })),
    returned: (chat) => Promise.resolve(void told.push({ event: 'returned', chat })),
    moved: (chat, to) => Promise.resolve(void told.push({ event: 'moved', chat, to })),
  };
}
