import { hasEnded, type Subscription } from '../../domain/subscription.js';
import { describeSubscription, nextTimeInWords } from '../format/subscription.js';
import { messageReply } from '../format/text.js';
import { storeFailure, type HandlerContext } from '../handler-context.js';
import type { Reply } from '../../domain/reply.js';
import type { CommandModule, CommandSpec } from './spec.js';

/** /subs: the chat's alerts with their ids and next times; everyone in a group may look. */
export const subs: CommandModule = {
  spec: {
    name: 'subs',
    args: [],
    helpId: 'command-subs',
    descriptionId: 'command-subs.description',
    example: '/subs',
    asksTransit: false,
    ignoresExtraWords: true,
  },
  async run(_options, ctx) {
    let list: Subscription[];
    try {
      list = await currentSubscriptions(ctx);
    } catch (err) {
      return storeFailure(err, 'subs-failed', ctx);
    }
    if (list.length === 0) return messageReply('answer', ctx.say('subs-none'));
    const lines = list.map((sub) =>
      ctx.say('subs-line', {
        id: sub.id,
        what: describeSubscription(sub, ctx.say),
        paused: sub.paused ?? 'none',
        next: nextTimeInWords(sub, ctx.now, ctx.say),
      }),
    );
    return { title: ctx.say('subs-title'), blocks: [{ lines }], kind: 'answer' };
  },
};

const idArg = { name: 'id', kind: 'subscription-id', required: true, labelId: 'arg-id' } as const;

function idCommand(
  name: 'unsubscribe' | 'pause' | 'resume',
  example: string,
  run: (id: string, ctx: HandlerContext) => Promise<Reply>,
): CommandModule {
  const spec: CommandSpec = {
    name,
    args: [idArg],
    helpId: `command-${name}`,
    descriptionId: `command-${name}.description`,
    example,
    asksTransit: false,
    managesChat: true,
  };
  return {
    spec,
    async run(options, ctx) {
      try {
        return await run(options.id!, ctx);
      } catch (err) {
        return storeFailure(err, `${name}-failed`, ctx, { id: options.id! });
      }
    },
  };
}

/** The chat's subscriptions that have not ended; ended one-shots are removed on the way (a failure there only leaves them for later). */
async function currentSubscriptions(ctx: HandlerContext): Promise<Subscription[]> {
  const all = await ctx.subscriptions.list(ctx.chat);
  const ended = all.filter((sub) => hasEnded(sub, ctx.now));
  await Promise.all(ended.map((sub) => ctx.subscriptions.remove(ctx.chat, sub.id).catch(() => false)));
  return all.filter((sub) => !ended.includes(sub));
}

const unknownId = (id: string, ctx: HandlerContext) => messageReply('usage-error', ctx.say('subs-unknown-id', { id }));

/** /unsubscribe <id|all> */
export const unsubscribe = idCommand('unsubscribe', '/unsubscribe k3f9', async (id, ctx) => {
  if (id === 'all') {
    const all = await currentSubscriptions(ctx);
    const removed = await Promise.all(all.map((sub) => ctx.subscriptions.remove(ctx.chat, sub.id)));
    return messageReply('answer', ctx.say('unsubscribe-all-done', { count: removed.filter(Boolean).length }));
  }
  return (await ctx.subscriptions.remove(ctx.chat, id)) ? messageReply('answer', ctx.say('unsubscribe-done', { id })) : unknownId(id, ctx);
});

/** Pauses (`user`) or resumes (undefined) every alert of the chat not already so; how many changed. */
async function setAllPaused(ctx: HandlerContext, paused: 'user' | undefined): Promise<number> {
  const changing = (await currentSubscriptions(ctx)).filter((sub) => (sub.paused === undefined) !== (paused === undefined));
  await Promise.all(changing.map((sub) => ctx.subscriptions.setPaused(ctx.chat, sub.id, paused)));
  return changing.length;
}

/** /pause <id|all> */
export const pause = idCommand('pause', '/pause k3f9', async (id, ctx) => {
  if (id === 'all') return messageReply('answer', ctx.say('pause-all-done', { count: await setAllPaused(ctx, 'user') }));
  return (await ctx.subscriptions.setPaused(ctx.chat, id, 'user')) ? messageReply('answer', ctx.say('pause-done', { id })) : unknownId(id, ctx);
});

/** /resume <id|all> */
export const resume = idCommand('resume', '/resume k3f9', async (id, ctx) => {
  if (id === 'all') return messageReply('answer', ctx.say('resume-all-done', { count: await setAllPaused(ctx, undefined) }));
  if (!(await ctx.subscriptions.setPaused(ctx.chat, id, undefined))) return unknownId(id, ctx);
  const sub = (await currentSubscriptions(ctx)).find((s) => s.id === id);
  return messageReply('answer', ctx.say('resume-done', { id, next: sub === undefined ? '—' : nextTimeInWords(sub, ctx.now, ctx.say) }));
});
