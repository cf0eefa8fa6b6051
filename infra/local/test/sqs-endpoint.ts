import type { SQSRecord } from 'aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localAwsEndpoint, newLocalSecret, startGateway } from '../gateway.js';
import { freePort } from '../net.js';
import { startQueueRunner } from '../queue-runner.js';
import { createSqsApi } from '../sqs-api.js';

/**
 * Tests only: the local gateway's SQS endpoint over a queue runner with the named queues (@default one `email-lookup`
 * queue) whose worker records every message it is given (`received`), in a temporary folder that `stop` removes.
 * `url` is the endpoint for the SDK, as `AWS_ENDPOINT_URL_SQS` is locally: the gateway's origin (`origin`) and the
 * run's secret.
 */
export const startSqsEndpoint = async (names: readonly string[] = ['email-lookup']) => {
  const dir = mkdtempSync(join(tmpdir(), 'sqs-endpoint-'));
  const received: SQSRecord[] = [];
  const runner = startQueueRunner({
    dir,
    table: Object.fromEntries(
      names.map((name) => [
        name,
        {
          domain: 'contacts',
          worker: 'fixture-worker',
          batchSize: 10,
          maxReceiveCount: 3,
          workerTimeoutSeconds: 10,
          summary: 'fixture',
        },
      ]),
    ),
    loadWorker: async () => ({
      handler: async (event) => {
        received.push(...event.Records);
      },
    }),
    log: () => {},
  });
  const localSecret = newLocalSecret();
  const gateway = await startGateway({
    port: await freePort(),
    webOrigin: 'http://localhost:5173',
    routes: [],
    authorize: async () => null,
    sqs: createSqsApi(runner),
    localSecret,
    log: () => {},
  });
  return {
    url: localAwsEndpoint(gateway.url, localSecret),
    origin: gateway.url,
    received,
    /** messages sent and not yet received: delayed ones too */
    pending: (name: string) => runner.pending(name),
    stop: async () => {
      await gateway.stop();
      await runner.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
