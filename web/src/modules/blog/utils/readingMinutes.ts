/** A comfortable pace for reading an article on screen, in words per minute. */
export const wordsPerMinute = 220;

/** Minutes it takes to read `words` words, rounded, never under one. */
export const readingMinutes = (words: number, pace = wordsPerMinute) => Math.max(1, Math.round(words / pace));

/** '6 min read' */
export const readingTimeLabel = (minutes: number) => `${minutes} min read`;
