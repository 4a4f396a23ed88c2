import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { classifyFailure, isMessageNotModified } from '../../../src/chat/telegram/send-failures.js';

const apiError = (code: number, description: string) =>
  new GrammyError(`Call to 'sendMessage' failed!`, { ok: false, error_code: code, description }, 'sendMessage', {});

describe('classifyFailure', () => {
  it('treats blocked, kicked, deactivated and chat not found as permanent', () => {
    for (const e of [
      apiError(403, 'Forbidden: bot was blocked by the user'),
      apiError(403, 'Forbidden: bot was kicked from the group chat'),
      apiError(403, 'Forbidden: user is deactivated'),
      apiError(400, 'Bad Request: chat not found'),
    ]) {
      expect(classifyFailure(e).kind).toBe('permanent');
    }
    expect(classifyFailure(apiError(403, 'Forbidden: bot was blocked by the user')).reason).toBe('403: Forbidden: bot was blocked by the user');
  });

  it('treats rate limits, server errors, other bad requests and network errors as temporary', () => {
    expect(classifyFailure(apiError(429, 'Too Many Requests: retry after 35')).kind).toBe('temporary');
    expect(classifyFailure(apiError(502, 'Bad Gateway')).kind).toBe('temporary');
    expect(classifyFailure(apiError(400, "Bad Request: can't parse entities")).kind).toBe('temporary');
    expect(classifyFailure(new HttpError("Network request for 'sendMessage' failed!", new Error('ECONNRESET')))).toEqual({
      kind: 'temporary',
      reason: "Network request for 'sendMessage' failed!",
    });
  });

  it("reads a group's upgrade to a supergroup as a move, and an upgrade without the new id as permanent", () => {
    const upgraded = (parameters: Record<string, unknown>) =>
      new GrammyError(
        `Call to 'sendMessage' failed!`,
        { ok: false, error_code: 400, description: 'Bad Request: group chat was upgraded to a supergroup chat', parameters },
        'sendMessage',
        {},
      );
    expect(classifyFailure(upgraded({ migrate_to_chat_id: -1001234 }))).toEqual({
      kind: 'moved',
      movedTo: '-1001234',
      reason: '400: Bad Request: group chat was upgraded to a supergroup chat',
    });
    for (const odd of [{}, { migrate_to_chat_id: 'x' }, { migrate_to_chat_id: 1.5 }, { migrate_to_chat_id: 0 }])
      expect(classifyFailure(upgraded(odd)).kind).toBe('permanent');
  });

  it('recognises the refusal to edit a message into the same content', () => {
    expect(isMessageNotModified(apiError(400, 'Bad Request: message is not modified: specified new message content'))).toBe(true);
    expect(isMessageNotModified(apiError(400, 'Bad Request: message to edit not found'))).toBe(false);
  });
});
