/**
 * `token` put in `value` in place of the selection `[start, end)` (at the end when there is no selection), with the
 * cursor right after it.
 */
export const insertAtCursor = (
  value: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined,
) => {
  const from = Math.min(Math.max(start ?? value.length, 0), value.length);
  const to = Math.min(Math.max(end ?? from, from), value.length);
  return { value: `${value.slice(0, from)}${token}${value.slice(to)}`, cursor: from + token.length };
};
