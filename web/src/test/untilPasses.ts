import { act } from 'react';

/**
 * Runs `check` until it passes (or `timeoutMs` is over, then throws its last failure), letting React work between
 * tries in short act() rounds: a waitFor inside one act() would not see what lazily loaded code (a drawer, the
 * toasts) renders once it arrives. Lazy code can take seconds to transform on a busy machine: the default is generous;
 * give such a test a timeout above it.
 */
export const untilPasses = async (check: () => void, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  }
};

/** A test's timeout when it waits for lazily loaded code with {@link untilPasses}. */
export const lazyCodeTestTimeoutMs = 30_000;
