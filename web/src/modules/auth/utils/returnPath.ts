/** Where a visitor sent to sign in was going (route state `from`), if it is a path of this app. */
export const returnPath = (state: unknown) => {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  if (/^\/(signin|login|signup)(\/|\?|#|$)/.test(from)) return undefined;
  return from;
};
