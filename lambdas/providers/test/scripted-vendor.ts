import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One answer of a scripted vendor: a status, headers and a JSON body (or `text`, sent as it is: text/plain unless the
 * headers say otherwise), or `hang` to never answer.
 */
export type ScriptedAnswer =
  | { status: number; headers?: Record<string, string>; json?: unknown; text?: string }
  | 'hang';

/**
 * Tests only: a local HTTP server standing in for a vendor, answering its requests with `script` in order (the last
 * answer repeats), and recording each request's method, path and headers. `stop` closes it.
 */
export const startScriptedVendor = async (script: ScriptedAnswer[]) => {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; at: number }[] = [];
  const server = createServer((req, res) => {
    const answer = script[Math.min(requests.length, script.length - 1)]!;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, at: performance.now() });
    req.resume();
    if (answer === 'hang') return;
    const text = answer.text !== undefined;
    res.writeHead(answer.status, { 'content-type': text ? 'text/plain' : 'application/json', ...answer.headers });
    res.end(text ? answer.text : JSON.stringify(answer.json ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
