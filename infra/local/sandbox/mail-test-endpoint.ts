import { createServer, type IncomingHttpHeaders } from 'node:http';
import { readBody } from '../http-util.js';
import { closeServer, freePort, listen } from '../net.js';

/** A request the endpoint got. */
export type ReceivedRequest = { url: URL; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook endpoint for tests of the sandbox's push delivery: answers Graph's validation handshake (echoing
 * `validationToken` as text/plain unless told not to), answers every other POST with `status()` (@default 202), and
 * keeps what it got. `next()` resolves with the next non-validation request.
 */
export const startTestEndpoint = async (
  options: { echoValidation?: boolean; status?: (request: ReceivedRequest) => number } = {},
) => {
  const received: ReceivedRequest[] = [];
  const waiting: ((request: ReceivedRequest) => void)[] = [];
  const port = await freePort();
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', `http://localhost:${port}`);
      const token = url.searchParams.get('validationToken');
      if (token !== null) {
        if (options.echoValidation === false) {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.end('no');
        } else {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.end(token);
        }
        return;
      }
      const request = { url, headers: req.headers, body: body.toString('utf8') };
      received.push(request);
      res.writeHead(options.status?.(request) ?? 202);
      res.end();
      waiting.shift()?.(request);
    });
  });
  await listen(server, port);
  return {
    url: `http://localhost:${port}`,
    received,
    next: () => new Promise<ReceivedRequest>((resolve) => waiting.push(resolve)),
    stop: () => closeServer(server),
  };
};
