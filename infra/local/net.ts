import { createServer, type AddressInfo, type Server } from 'node:net';
import { localHost } from './ports.js';

/** A port the OS says is free right now (for tests that start a second stack beside `npm start`). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, localHost, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** `count` distinct free ports. */
export const freePorts = async (count: number) => {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
};

export class PortInUseError extends Error {
  constructor(readonly taken: { name: string; port: number; env?: string }[]) {
    super(
      [
        ...taken.map(
          ({ name, port, env }) =>
            `Port ${port} (${name}) is already in use${env ? `; set ${env} to use another` : ''}.`,
        ),
        'Is another local stack (npm start) running? Stop it first.',
      ].join('\n'),
    );
    this.name = 'PortInUseError';
  }
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // No host: the dual-stack wildcard, which collides with a listener on 127.0.0.1, ::1 or 0.0.0.0.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });

/** Fails with one clear message naming every taken port before anything starts. */
export const assertPortsFree = async (ports: { name: string; port: number; env?: string }[]) => {
  const results = await Promise.all(ports.map(async (entry) => ({ ...entry, free: await isFree(entry.port) })));
  const taken = results.filter((entry) => !entry.free).map(({ free: _free, ...entry }) => entry);
  if (taken.length > 0) throw new PortInUseError(taken);
};

/** `server.listen` as a promise that rejects on EADDRINUSE instead of crashing the process. @default host loopback */
export const listen = (server: Server | import('node:http').Server, port: number, host = localHost) =>
  new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

/** Closes a server, dropping idle keep-alive connections so `close` does not wait for browsers. */
export const closeServer = (server: import('node:http').Server) =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  });
