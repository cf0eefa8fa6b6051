/**
 * What other parts of the app do when a session ends or the signed-in person changes (SPEC §4 'Logout': caches,
 * quota, e-mail connection and Zoom stores, ...). The auth module announces; the app decides who listens, so auth
 * imports none of those modules.
 */
type Listener = () => void | Promise<void>;

const listeners = new Set<Listener>();

/** Registers a clean-up for the end of a session (log out, forced sign-out, another user signing in). */
export const onSessionEnd = (listener: Listener) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Runs every clean-up; one failing does not stop the others. */
export const endSession = async () => {
  await Promise.allSettled([...listeners].map(async (listener) => listener()));
};
