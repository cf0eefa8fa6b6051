import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startDynamoDbLocal } from '../../infra/local/dynamodb.js';
import { startGateway } from '../../infra/local/gateway.js';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { contactStore } from '../../lambdas/contacts/contact-store.js';
import { newContactId } from '../../lambdas/contacts/service.js';
import { createDataClient } from '../../lambdas/data/client.js';
import type { ContactItem } from '../../lambdas/data/contact.js';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * `GET /api/contacts?limit=50` (the first page of 5,000 contacts) through the local gateway and the contacts Lambda,
 * against a bare DynamoDB Query of the same page on gsi1: what the handler, validation, mapping and the HTTP hop cost
 * on top of the read. The gateway's authorizer is replaced by one that accepts a fixed token (Cognito is not the
 * subject); everything after it is the local stack's path.
 */
export const benchContactsList = async (options: { contacts?: number; runs?: number } = {}) => {
  const count = options.contacts ?? 5000;
  const runs = options.runs ?? 40;
  const [dynamodbPort, apiPort] = (await freePorts(2)) as [number, number];
  const tableName = `outreach-bench-${randomUUID().slice(0, 8)}`;
  const dynamodb = await startDynamoDbLocal({ port: dynamodbPort, tableName });
  const restore = applyEnvironment(
    lambdaEnvironment({ tableName, dynamodbEndpoint: dynamodb.endpoint, webOrigin: 'http://localhost' }),
  );
  const uid = randomUUID();
  const gateway = await startGateway({
    port: apiPort,
    webOrigin: 'http://localhost',
    authorize: async (authorization) => (authorization === 'Bearer bench' ? { sub: uid, token_use: 'id' } : null),
    log: () => undefined,
  });
  try {
    const data = createDataClient(tableName);
    const store = contactStore(data);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const items: ContactItem[] = Array.from({ length: count }, (_, index) => {
      const at = new Date(start + index * 60_000).toISOString();
      return {
        uid,
        contactId: newContactId(),
        name: `Person ${index}`,
        firstName: 'Person',
        lastName: String(index),
        company: ['Contoso', 'Northwind Traders', 'Fabrikam'][index % 3]!,
        jobTitle: 'Software Engineer',
        currentRole: 'Software Engineer',
        linkedinUrl: `https://www.linkedin.com/in/person-${index}`,
        canonicalLinkedinUrl: `https://www.linkedin.com/in/person-${index}`,
        sharedContactId: `https://www.linkedin.com/in/person-${index}`,
        experiences: [
          { title: 'Software Engineer', company: 'Contoso', period: '2021 - Present', isCurrent: true, startYear: 2021 },
          { title: 'Developer', company: 'Fabrikam', period: '2018 - 2021', startYear: 2018, endYear: 2021 },
        ],
        education: [{ institution: 'University Of Washington', degree: 'Bachelor Of Science', startYear: 2014, endYear: 2018 }],
        importedAt: at,
        lastUpdated: at,
      } as ContactItem;
    });
    const seeded = await store.contacts.put(items).go({ concurrency: 8 });
    if (seeded.unprocessed.length) throw new Error(`${seeded.unprocessed.length} contacts were not seeded`);
    await store.quotas.update({ uid }).set({ contactCount: count }).go();

    const viaGateway = async (query = '') => {
      const response = await fetch(`${gateway.url}/api/contacts?limit=50${query}`, { headers: { authorization: 'Bearer bench' } });
      const body = (await response.json()) as { data: { contacts: unknown[] } };
      if (response.status !== 200 || body.data.contacts.length !== 50) throw new Error(`unexpected answer ${response.status}`);
    };
    const bare = async () => {
      const result = await data.client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: `USER#${uid}#CONTACTS` } },
          ScanIndexForward: false,
          Limit: 50,
        }),
      );
      if (result.Items?.length !== 50) throw new Error('unexpected page');
    };
    const time = async (run: () => Promise<void>) => {
      for (let warm = 0; warm < 5; warm += 1) await run();
      const samples: number[] = [];
      for (let index = 0; index < runs; index += 1) {
        const began = performance.now();
        await run();
        samples.push(performance.now() - began);
      }
      return median(samples);
    };
    const gatewayMs = await time(() => viaGateway());
    const bareMs = await time(bare);
    // any other sort or a filter reads every contact's sort fields and sorts in memory (lambdas/contacts/service.ts)
    const sortedByNameMs = await time(() => viaGateway('&sort=name&order=asc'));
    return { contacts: count, runs, gatewayMs, bareMs, ratio: gatewayMs / bareMs, sortedByNameMs };
  } finally {
    await gateway.stop();
    restore();
    await dynamodb.stop();
  }
};

export const printContactsList = async () => {
  const result = await benchContactsList();
  console.log(`\nGET /api/contacts?limit=50 of ${result.contacts} contacts (median of ${result.runs})`);
  console.log(`  through the local gateway   ${result.gatewayMs.toFixed(1).padStart(7)} ms`);
  console.log(`  bare DynamoDB Query (gsi1)  ${result.bareMs.toFixed(1).padStart(7)} ms`);
  console.log(`  ratio                       ${result.ratio.toFixed(2).padStart(7)} x`);
  console.log(`  sort=name (in memory)       ${result.sortedByNameMs.toFixed(1).padStart(7)} ms`);
};
