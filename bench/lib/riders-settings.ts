// What the riders bench tells each instance it starts (bench/lib/riders-instance.ts), in a file of
// its own: importing the instance's module would run it.

export interface InstanceSettings {
  kind: 'bot' | 'bare';
  token: string;
  secret: string;
  /** The webhook's path (the public URL's). */
  path: string;
  apiRoot: string;
  /** kind "bot": the v1.2 server, the clock's start, the transit cache, the store. */
  simUrl?: string;
  clockStart?: string;
  cache?: boolean;
  dataDir?: string;
  redisUrl?: string;
  namespace?: string;
}

/** The text the bare bot answers: any fixed text will do. */
export const BARE_REPLY = 'Next buses: 95 in 4 min';
