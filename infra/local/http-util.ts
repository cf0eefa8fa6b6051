import type { IncomingMessage, ServerResponse } from 'node:http';

/** A body over the limit `readBody` was given: nothing past the limit was read. */
export class PayloadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body exceeds ${maxBytes} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * The whole request body; over `maxBytes` (told by `Content-Length` or counted as it arrives) it rejects with
 * `PayloadTooLargeError` at once and keeps nothing more, so a large body never sits in memory. The request is left
 * paused for the caller to answer, then `discardRest`.
 * @default maxBytes no limit
 */
export const readBody = (req: IncomingMessage, maxBytes = Number.POSITIVE_INFINITY) =>
  new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      reject(new PayloadTooLargeError(maxBytes));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        req.pause();
        reject(new PayloadTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });

/**
 * After answering a request whose body was refused: what the client is still sending is read off and dropped (never
 * kept) for `graceMs`, as a web server's lingering close does, so that the client gets to read the answer rather than
 * a reset; then the connection is closed.
 * @default graceMs 2000
 */
export const discardRest = (req: IncomingMessage, graceMs = 2000) => {
  if (req.complete) return;
  const timer = setTimeout(() => req.socket.destroy(), graceMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.socket.once('close', done);
  req.resume();
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
