import type { IncomingMessage, ServerResponse } from 'node:http';

/** The whole request body. */
export const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
) => {
  res.writeHead(status, { 'Content-Type': contentType, ...headers });
  res.end(JSON.stringify(body));
};
