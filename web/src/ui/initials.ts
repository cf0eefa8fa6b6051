/**
 * SPEC §2 'Avatar initials use the first two letters': the first letters of the first two words of the name, or the
 * first two letters of a one-word name, upper-cased.
 */
export const initials = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${[...words[0]!][0]}${[...words[1]!][0]}` : [...(words[0] ?? '')].slice(0, 2).join('');
  return letters.toLocaleUpperCase();
};
