import { linkedinSlug } from './contactCsv';

/** The pasted lines that look like LinkedIn profile URLs, each person once, and the lines that do not. */
export const splitUrls = (text: string) => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const urls: string[] = [];
  const rejected: string[] = [];
  for (const line of lines) {
    const slug = linkedinSlug(line);
    if (!slug) rejected.push(line);
    else if (!seen.has(slug)) {
      seen.add(slug);
      urls.push(line);
    }
  }
  return { urls, rejected };
};
