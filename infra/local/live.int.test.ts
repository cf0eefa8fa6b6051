import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createDataClient } from '../../lambdas/data/client.js';
import { listLiveConnections } from '../../lambdas/data/live-connection.js';
import { createLivePort } from '../../lambdas/providers/live/live.js';
import type { LiveEvent } from '../../shared/live-events.js';
import { freeStackPorts, type LocalStack, startLocalStack } from './stack.js';
import { type LocalUser, localUsers } from './test/local-users.js';

/**
 * The live channel as `npm start` runs it: config.json names the gateway's `/ws`, ID tokens of cognito-local open it,
 * and a Lambda's live port, built from the environment the stack gives the Lambdas (LIVE_ENDPOINT), reaches the tabs.
 */
let stack: LocalStack;
let localDir: string;
let users: ReturnType<typeof localUsers>;
let alice: LocalUser;
let stranger: LocalUser;
const logLines: string[] = [];

beforeAll(async () => {
  localDir = mkdtempSync(join(tmpdir(), 'live-stack-'));
  stack = await startLocalStack({
    localDir,
    web: false,
    ports: await freeStackPorts(),
    log: (line) => logLines.push(line),
  });
  users = localUsers({
    endpoint: stack.urls.cognitoEmulator,
    userPoolId: stack.webConfig.userPoolId,
    clientId: stack.webConfig.userPoolClientId,
  });
  [alice, stranger] = await Promise.all([users.signUp('alice'), users.signUpInAnotherPool()]);
}, 120_000);
afterAll(async () => {
  users?.destroy();
  await stack?.stop();
  rmSync(localDir, { recursive: true, force: true });
});

const open = (token: string) =>
  new Promise<{ socket: WebSocket; received: LiveEvent[] }>((resolve, reject) => {
    const socket = new WebSocket(`${stack.webConfig.liveUrl}?token=${encodeURIComponent(token)}`);
    const received: LiveEvent[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as LiveEvent));
    socket.on('open', () => resolve({ socket, received }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
  });

describe('the local live channel', () => {
  it("is named by config.json, opened with the pool's ID token, and reached by a Lambda's live port", async () => {
    expect(stack.webConfig.liveUrl).toMatch(/^ws:\/\/localhost:\d+\/ws$/);
    const tab = await open(alice.idToken);
    const db = createDataClient(stack.env.TABLE_NAME!);
    expect((await listLiveConnections(db, alice.sub, new Date())).length).toBe(1);
    // as a publishing Lambda builds it: everything from the environment the stack applied
    const port = createLivePort();
    const event: LiveEvent = { type: 'notification.created', data: { notificationId: 'n-1' } };
    await port.publish(alice.sub, event);
    await vi.waitFor(() => expect(tab.received).toEqual([event]));
    tab.socket.close();
    await vi.waitFor(async () => expect(await listLiveConnections(db, alice.sub, new Date())).toEqual([]));
  });

  it('refuses an ID token of another pool of the same emulator with 401', async () => {
    await expect(open(stranger.idToken)).rejects.toThrow('refused 401');
  });
});
