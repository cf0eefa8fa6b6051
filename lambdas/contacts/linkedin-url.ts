/**
 * The canonical form of a LinkedIn profile URL, so the same person is one shared profile for every user:
 * `https://www.linkedin.com/in/<slug>` with the slug percent-decoded and lower-cased, country subdomains
 * (uk.linkedin.com) folded into www, no trailing slash, query or hash. Answers null when it is not a profile URL.
 */
export const canonicalLinkedinUrl = (input: string): string | null => {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const host = url.hostname.toLowerCase();
  if (!/^(?:(?:www|[a-z]{2,3})\.)?linkedin\.com$/.test(host)) return null;
  const match = /^\/in\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  slug = slug.normalize('NFC').toLowerCase();
  // a slug is one path segment of letters, digits and dashes (LinkedIn also allows accented letters)
  if (!/^[\p{L}\p{N}_-]{2,100}$/u.test(slug)) return null;
  return `https://www.linkedin.com/in/${encodeURIComponent(slug)}`;
};

/** The slug of a canonical URL, decoded (e.g. 'ada-lovelace'). */
export const linkedinSlug = (canonicalUrl: string) =>
  decodeURIComponent(canonicalUrl.slice(canonicalUrl.lastIndexOf('/') + 1));
