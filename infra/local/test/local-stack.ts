import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDataClient, type DataClient } from '../../../lambdas/data/client.js';
import { freeStackPorts, type LocalStack, type LocalStackOptions, startLocalStack } from '../stack.js';
import { localApi, localUsers } from './local-users.js';

/** What a test of the whole local stack works with, once `withLocalStack`'s `beforeAll` has run. */
export type LocalStackFixture = {
  stack: LocalStack;
  /** the stack's table */
  db: DataClient;
  /** users of the stack's Cognito (cognito-local) */
  users: ReturnType<typeof localUsers>;
  /** requests through the stack's API gateway, with a user's ID token */
  api: ReturnType<typeof localApi>;
};

/**
 * The whole local stack (DESIGN §7: gateway, workers, schedules, stream consumers, the sandbox) for the tests of one
 * file: started in `beforeAll` on free ports and a temporary folder, so a running `npm start` and other test files are
 * untouched, and stopped in `afterAll`. Call it at the top of the file; the fixture's fields are set once the stack is up.
 *
 *   const local = withLocalStack({ name: 'billing-flow' });
 *   it('...', async () => { await local.api(...) });
 */
export const withLocalStack = (
  options: { name: string } & Pick<LocalStackOptions, 'queueSpeed' | 'log'>,
): LocalStackFixture => {
  const fixture = {} as LocalStackFixture;
  let localDir: string | undefined;
  beforeAll(async () => {
    localDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
    const stack = await startLocalStack({
      localDir,
      web: false,
      ports: await freeStackPorts(),
      log: options.log ?? (() => {}),
      ...(options.queueSpeed ? { queueSpeed: options.queueSpeed } : {}),
    });
    fixture.stack = stack;
    fixture.db = createDataClient(stack.env.TABLE_NAME!);
    fixture.users = localUsers({
      endpoint: stack.urls.cognitoEmulator,
      userPoolId: stack.webConfig.userPoolId,
      clientId: stack.webConfig.userPoolClientId,
    });
    fixture.api = localApi(stack.urls.api);
  }, 120_000);
  afterAll(async () => {
    fixture.users?.destroy();
    await fixture.stack?.stop();
    if (localDir) rmSync(localDir, { recursive: true, force: true });
  });
  return fixture;
};
