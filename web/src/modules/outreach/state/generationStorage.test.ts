// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  generationRetentionMs,
  generationState,
  generationStorageKey,
  markContactDone,
  resetGeneration,
  restoreGeneration,
  startBatch,
} from './generationState';

/** valtio tells its subscribers after the change, on the next microtask */
const flushed = () => new Promise((resolve) => setTimeout(resolve, 0));

/** what a reload leaves: the stored entries, and a store that starts empty */
const reload = () => resetGeneration();

beforeEach(() => {
  sessionStorage.clear();
  resetGeneration();
});

describe("the generation state across a reload of the tab (sessionStorage, this tab's only)", () => {
  it("brings back a failed contact, with its error and template, and a written one's state", async () => {
    restoreGeneration('u1', 1000);
    startBatch(null, ['a', 'b', 'c'], 'template', 1000, 't1');
    markContactDone('a', { error: 'The template could not be applied' }, 2000);
    markContactDone('b', { draftId: 'd-b' }, 2000);
    await flushed();
    reload();
    expect(generationState.contacts).toEqual({});

    restoreGeneration('u1', 3000);
    expect(generationState.contacts.a).toMatchObject({
      status: 'error',
      error: 'The template could not be applied',
      type: 'template',
      templateId: 't1',
    });
    expect(generationState.contacts.b).toMatchObject({ status: 'completed', draftId: 'd-b' });
    // one being written when the tab went away is not brought back as being written for ever
    expect(generationState.contacts.c).toBeUndefined();
  });

  it("drops another user's entries (a sign-out and sign-in in the same tab), and written ones past 30 minutes", async () => {
    restoreGeneration('u1', 1000);
    startBatch(null, ['a', 'b'], 'ai', 1000);
    markContactDone('a', { error: 'failed' }, 1000);
    markContactDone('b', { draftId: 'd-b' }, 1000);
    await flushed();
    reload();
    restoreGeneration('u1', 1000 + generationRetentionMs);
    expect(Object.keys(generationState.contacts)).toEqual(['a']);

    reload();
    restoreGeneration('u2', 2000);
    expect(generationState.contacts).toEqual({});
    expect(sessionStorage.getItem(generationStorageKey)).toBeNull();
  });

  it("forgets the previous user's entries when another signs in without a reload", async () => {
    restoreGeneration('u1', 1000);
    startBatch(null, ['a'], 'ai', 1000);
    markContactDone('a', { error: 'failed' }, 1000);
    await flushed();
    restoreGeneration('u2', 2000);
    expect(generationState.contacts).toEqual({});
    await flushed();
    expect(JSON.parse(sessionStorage.getItem(generationStorageKey) ?? '{}')).toMatchObject({ contacts: {} });
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem(generationStorageKey, '{not json');
    restoreGeneration('u1', 1000);
    sessionStorage.setItem(generationStorageKey, JSON.stringify({ userId: 'u1', contacts: { a: { status: 'x' } } }));
    restoreGeneration('u1', 1000);
    expect(generationState.contacts).toEqual({});
  });
});
