import { QueryCommand } from '../../lambdas/data/dynamo.js';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startDynamoDbLocal } from '../../infra/local/dynamodb.js';
import { startGateway } from '../../infra/local/gateway.js';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import * as contacts from '../../lambdas/contacts/service.js';
import { cursorSigner } from '../../lambdas/core/cursor.js';
import { createDataClient } from '../../lambdas/data/client.js';
import { putContacts, type ContactItem } from '../../lambdas/data/contact.js';
import { quotaKey } from '../../lambdas/data/quota.js';
import { setAttributes } from '../../lambdas/test/raw-items.js';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const firstNames = ['Ada', 'Grace', 'Émile', 'Zoë', 'Ann', 'Bob', 'Chen', 'Dara', 'Ole', 'Søren', 'María', 'Kofi'];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Durand',
  "O'Brien",
  'Baker',
  'Clark',
  'Wu',
  'Kelly',
  'Nordmann',
  'Kierkegaard',
];
const companies = ['Contoso', 'Northwind Traders', 'Fabrikam', 'Adventure Works', 'Wingtip Toys', ''];
const titles = ['Software Engineer', 'Product Manager', 'Designer', 'Head of Sales', 'Data Scientist'];

/** The variants `npm run bench` times: each query string and what it exercises. */
export const listVariants = [
  { label: 'default (last updated)', query: '' },
  { label: 'sort=name', query: '&sort=name&order=asc' },
  { label: 'sort=company', query: '&sort=company&order=asc' },
  { label: 'sort=imported_at (date added)', query: '&sort=imported_at&order=desc' },
  { label: 'q=engineer (search, many hits)', query: '&q=engineer' },
  { label: 'q=kierkegaard (search, few hits)', query: '&q=kierkegaard' },
] as const;

/**
 * `GET /api/contacts?limit=50` over 5,000 contacts of one user through the local gateway and the contacts Lambda, in
 * every order and with a search, against a bare DynamoDB Query of the default page on gsi1: what each answer costs in
 * time and in DynamoDB calls. The gateway's authorizer is replaced by one that accepts a fixed token (Cognito is not
 * the subject); everything after it is the local stack's path.
 */
export const benchContactsList = async (options: { contacts?: number; runs?: number } = {}) => {
  const count = options.contacts ?? Number(process.env.CONTACTS_BENCH_CONTACTS ?? 5000);
  const runs = options.runs ?? Number(process.env.CONTACTS_BENCH_RUNS ?? 40);
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
    const start = Date.parse('2026-01-01T00:00:00Z');
    const items: ContactItem[] = Array.from({ length: count }, (_, index) => {
      const at = new Date(start + index * 60_000).toISOString();
      const firstName = firstNames[index % firstNames.length]!;
      const lastName = `${lastNames[Math.floor(index / firstNames.length) % lastNames.length]!}${index % 7 === 0 ? '' : ` ${index}`}`;
      const title = titles[index % titles.length]!;
      return {
        uid,
        contactId: contacts.newContactId(),
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        company: companies[index % companies.length]!,
        jobTitle: title,
        currentRole: title,
        linkedinUrl: `https://www.linkedin.com/in/person-${index}`,
        canonicalLinkedinUrl: `https://www.linkedin.com/in/person-${index}`,
        sharedContactId: `https://www.linkedin.com/in/person-${index}`,
        relationshipStatus: 'new',
        experiences: [
          { title, company: 'Contoso', period: '2021 - Present', isCurrent: true, startYear: 2021 },
          { title: 'Developer', company: 'Fabrikam', period: '2018 - 2021', startYear: 2018, endYear: 2021 },
        ],
        education: [
          { institution: 'University Of Washington', degree: 'Bachelor Of Science', startYear: 2014, endYear: 2018 },
        ],
        importedAt: at,
        lastUpdated: at,
      };
    });
    await putContacts(data, items);
    await setAttributes(data, quotaKey(uid), { contactCount: count });

    const viaGateway = async (query: string) => {
      const response = await fetch(`${gateway.url}/api/contacts?limit=50${query}`, {
        headers: { authorization: 'Bearer bench' },
      });
      const body = (await response.json()) as { data: { contacts: unknown[] } };
      if (response.status !== 200 || body.data.contacts.length === 0)
        throw new Error(`unexpected answer ${response.status}`);
    };
    const bare = async () => {
      const result = await data.documents.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${uid}#CONTACTS` },
          ScanIndexForward: false,
          Limit: 50,
        }),
      );
      if (result.Items?.length !== 50) throw new Error('unexpected page');
    };
    /**
     * The median time of each run, measured in rounds (every run once per round, starting at a different one each
     * round) after as many warm rounds: on a shared machine a burst of load then falls on every variant alike instead
     * of on whichever was being timed, so the ratios to the default page stay fair.
     */
    const timeAll = async (all: readonly (() => Promise<void>)[]) => {
      for (let warm = 0; warm < 5; warm += 1) for (const run of all) await run();
      const samples = all.map((): number[] => []);
      for (let round = 0; round < runs; round += 1) {
        for (let step = 0; step < all.length; step += 1) {
          const index = (round + step) % all.length;
          const began = performance.now();
          await all[index]!();
          samples[index]!.push(performance.now() - began);
        }
      }
      return samples.map(median);
    };
    /**
     * The DynamoDB calls of one answer, counted on a client of the service itself (the gateway's is the Lambda's own):
     * on a new client, as a Lambda's first request for the user (a search reads the whole directory then), and again
     * on the same client (what a Lambda that served the user before asks).
     */
    const callsOf = async (query: string) => {
      const counted = createDataClient(tableName, {});
      const calls: string[] = [];
      counted.documents.use(({ commandName }, next) => {
        calls.push(commandName);
        return next();
      });
      const deps: contacts.ContactsDeps = {
        db: counted,
        enrichment: null,
        queue: { send: async () => undefined, sendMany: async () => undefined },
        now: () => new Date(),
        newId: contacts.newContactId,
        cursors: cursorSigner('bench-key'),
      };
      const params = Object.fromEntries(new URLSearchParams(`limit=50${query}`));
      const list = () =>
        contacts.listContacts(deps, uid, {
          limit: 50,
          sort: 'last_updated',
          order: 'desc',
          ...params,
        } as Parameters<typeof contacts.listContacts>[2]);
      await list();
      const first = calls.length;
      calls.length = 0;
      await list();
      return { first, next: calls.length };
    };

    const [bareMs = 0, ...times] = await timeAll([
      bare,
      ...listVariants.map((variant) => () => viaGateway(variant.query)),
    ]);
    const variants = [];
    for (const [index, variant] of listVariants.entries()) {
      variants.push({ ...variant, ms: times[index]!, calls: await callsOf(variant.query) });
    }
    return { contacts: count, runs, bareMs, variants };
  } finally {
    await gateway.stop();
    restore();
    await dynamodb.stop();
  }
};

export const printContactsList = async () => {
  const result = await benchContactsList();
  const base = result.variants[0]!.ms;
  console.log(
    `\nGET /api/contacts?limit=50 of ${result.contacts} contacts (median of ${result.runs} interleaved rounds, through the local gateway)`,
  );
  console.log(`  bare DynamoDB Query of the default page (gsi1)   ${result.bareMs.toFixed(1).padStart(7)} ms`);
  console.log('  budget: every order and a search at most 2x the default page, at most 3 DynamoDB calls');
  console.log("  (calls: a Lambda's first request for the user / its next ones)");
  for (const variant of result.variants) {
    const ratio = variant.ms / base;
    const over = ratio > 2 || Math.max(variant.calls.first, variant.calls.next) > 3 ? '   OVER' : '';
    console.log(
      `  ${variant.label.padEnd(34)} ${variant.ms.toFixed(1).padStart(7)} ms ${ratio.toFixed(2).padStart(6)}x ${`${variant.calls.first}/${variant.calls.next}`.padStart(5)} calls${over}`,
    );
  }
};

// alone: npx tsx e2e/bench/contacts.ts (sizes: CONTACTS_BENCH_CONTACTS, CONTACTS_BENCH_RUNS)
if (import.meta.url === `file://${process.argv[1]}`) {
  await printContactsList();
  process.exit(0);
}
