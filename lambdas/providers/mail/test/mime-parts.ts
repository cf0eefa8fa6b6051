/**
 * Tests only: the MIME tree of a message as sent (RFC 2045/2046), to check its structure and its bytes: each part's
 * type and parameters, its raw body (encoded, with its own line ends) and its children. mailparser flattens the
 * tree, which is what a check of `multipart/alternative` around `text/calendar` needs to see.
 */
export type MimePart = {
  type: string;
  params: Record<string, string>;
  headers: string;
  /** the body as it travels (before any transfer decoding), without the CRLF that belongs to the next delimiter */
  body: string;
  parts: MimePart[];
};

const paramsOf = (value: string) => {
  const params: Record<string, string> = {};
  for (const found of value.matchAll(/;\s*([\w-]+)\s*=\s*("([^"]*)"|[^;\s]+)/g)) {
    params[found[1]!.toLowerCase()] = found[3] ?? found[2]!;
  }
  return params;
};

export const mimeTree = (raw: string): MimePart => {
  const split = raw.indexOf('\r\n\r\n');
  const headers = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const contentType = /^content-type:\s*(.*(?:\r\n[ \t].*)*)/im.exec(headers)?.[1]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase() || 'text/plain';
  const params = paramsOf(contentType);
  if (!type.startsWith('multipart/') || !params.boundary) return { type, params, headers, body, parts: [] };
  const delimiter = `\r\n--${params.boundary}`;
  const sections = `\r\n${body}`.split(delimiter).slice(1);
  const parts = sections
    .filter((section) => !section.startsWith('--'))
    .map((section) => mimeTree(section.replace(/^[ \t]*\r\n/, '')));
  return { type, params, headers, body, parts };
};

/** Every part of the tree, depth first. */
export const allParts = (part: MimePart): MimePart[] => [part, ...part.parts.flatMap(allParts)];
