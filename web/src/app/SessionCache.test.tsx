// @vitest-environment happy-dom
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { endSession } from '@/modules/auth/state/sessionEvents';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { SessionCache } from './SessionCache';

const { render } = mountPerTest();

/** The server's answer for whoever is signed in now. */
let signedIn = 'ada';
let reads = 0;
let shown: string | undefined;

const Quota = () => {
  // as the dashboard's quota reads it: a long dedupe interval
  const { data } = useSWR('GET /api/profiles/slots', async () => {
    reads += 1;
    return `slots of ${signedIn}`;
  });
  shown = data;
  return null;
};

describe('SessionCache', () => {
  it("starts the next person on an empty cache: their read is made, never joined to the last person's", async () => {
    await render(
      <SessionCache options={{ dedupingInterval: 5 * 60_000 }}>
        <Quota />
      </SessionCache>,
    );
    await untilPasses(() => expect(shown).toBe('slots of ada'));
    expect(reads).toBe(1);

    signedIn = 'grace';
    await act(async () => endSession());
    // nothing of Ada's is shown to Grace, and Grace's own answer arrives within the dedupe interval
    expect(shown).not.toBe('slots of ada');
    await untilPasses(() => expect(shown).toBe('slots of grace'));
    expect(reads).toBe(2);
  });
});
