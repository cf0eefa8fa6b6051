import type { APIGatewayProxyResult } from 'aws-lambda';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../infra/local/stack.js';
import { withLocalStack } from '../infra/local/test/local-stack.js';
import { cognitoLocalKey, signJwt } from '../infra/local/test/tokens.js';
import { messages } from '../shared/messages.js';
import { routeEntries } from '../shared/routes.js';
import { recordIncomingEmail, recordSentEmail } from './conversations/index.js';
import type { DataClient } from './data/client.js';
import { apiEvent, lambdaContext } from './test/api-event.js';
import { arbitraryOf, asQuery, fieldsOf, junkBody, junkQuery, largestOf } from './test/arbitraries.js';
import type { localApi, localUsers, ApiAnswer, LocalUser } from '../infra/local/test/local-users.js';
import { consentInSandbox } from '../infra/local/sandbox/oauth-consent.js';
import { partitionSnapshot } from './test/raw-items.js';

/**
 * Every `user` route of the table, present and future (DESIGN §1, STYLE §16), through the local gateway of a local
 * stack with real tokens of cognito-local:
 * - refused tokens answer 401 `Authentication required`. In AWS API Gateway's Cognito authorizer refuses them before
 *   any Lambda runs (infra/stack.test.ts puts it on every user route); locally the gateway's twin of it
 *   (infra/local/authorizer.ts) does, so that is what is exercised here; the Lambda refuses an event without claims
 *   as well, should a route ever be wired without the authorizer;
 * - another user's ids in the path answer 404 and change nothing of theirs;
 * - bodies and queries generated from the route's zod schemas, and junk, answer a success or a 4xx with a message,
 *   never a 5xx; the largest body a schema lets through is always among them. `CONTRACT_RUNS` sets the generated
 *   requests per route and kind (@default 12); a failure prints fast-check's seed and the smallest request that fails.
 */
const runs = Number(process.env.CONTRACT_RUNS ?? 12);

let stack: LocalStack;
/** Every queued message worked, then every table change it made counted: the stats aggregator writes the user's
 * counters (STATS items) from the table's stream after the queues are done. */
const settled = async () => {
  await stack.queues.drained();
  await stack.streams.drained();
};
let users: ReturnType<typeof localUsers>;
let db: DataClient;
let api: ReturnType<typeof localApi>;
/** the holder of the tokens the 401 tests forge or replay, and a user of another pool of the same emulator */
let holder: LocalUser;
let stranger: LocalUser;
/** what the stack logged (the gateway's request lines, a failing Lambda's stack trace): shown when a test fails */
const logLines: string[] = [];

// lookups the generated contacts queue run at once, so the queues are drained before a snapshot
const local = withLocalStack({ name: 'routes-contract', queueSpeed: 10_000, log: (line) => logLines.push(line) });
beforeAll(async () => {
  ({ stack, db, users, api } = local);
  [holder, stranger] = await Promise.all([users.signUp('holder'), users.signUpInAnotherPool()]);
});

const userRoutes = routeEntries().filter((route) => route.auth === 'user');
type Route = (typeof userRoutes)[number];

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1]!);
const concretePath = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\+?\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `no-${name}`));

/** What the OAuth callbacks the fixtures finished answered: searched for tokens with every other answer. */
const signInAnswers: string[] = [];

/** A Gmail mailbox of the user, connected through the sandbox's consent page as the web app would. */
const connectMailbox = async (user: LocalUser) => {
  const started = await api('POST', '/api/email-connections/oauth/init', {
    token: user.idToken,
    body: { provider: 'gmail', origin: stack.urls.web },
  });
  expect(started.status, started.text).toBeLessThan(300);
  const { authUrl } = started.body!.data as { authUrl: string };
  const email = `${user.sub.slice(0, 8)}.${Math.random().toString(36).slice(2, 8)}@gmail.com`;
  const redirect = await consentInSandbox(authUrl, { email });
  const finished = await api('POST', '/api/email-connections/oauth/callback-public', {
    body: { provider: 'gmail', code: redirect.code, state: redirect.state, origin: stack.urls.web },
  });
  expect(finished.status, finished.text).toBeLessThan(300);
  signInAnswers.push(finished.text);
  return (finished.body!.data as { connection: { id: string; email: string } }).connection;
};

/**
 * How a user comes to own what a path parameter names, by the route's path up to that parameter. A new route with a
 * `{param}` needs its entry here: the 404 and fuzz tests of that route fail until it has one.
 */
/**
 * A fixture made once per user: a route with two parameters names the same parent in both (a message of the
 * conversation {id}, a contact enrolled in the sequence {id}), so the child's fixture asks for the parent's again.
 */
const perUser = (make: (user: LocalUser) => Promise<string>) => {
  const made = new Map<string, Promise<string>>();
  return (user: LocalUser) => {
    const existing = made.get(user.sub) ?? make(user);
    made.set(user.sub, existing);
    return existing;
  };
};

const owned: Record<string, (user: LocalUser) => Promise<string>> = {
  '/api/contacts/{id}': async (user) => {
    const answer = await api('POST', '/api/contacts', {
      token: user.idToken,
      body: { name: 'Owned Contact', company: 'Owned Company', notes: 'not yours' },
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    return (answer.body!.data as { id: string }).id;
  },
  // A contact's drafts, and one draft of a contact
  '/api/drafts/contact/{contactId}': (user) => owned['/api/contacts/{id}']!(user),
  '/api/drafts/{id}': async (user) => {
    const contactId = await owned['/api/contacts/{id}']!(user);
    const answer = await api('POST', '/api/drafts', {
      token: user.idToken,
      body: { contactId, subject: 'Owned draft', body: 'not yours' },
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    return (answer.body!.data as { id: string }).id;
  },
  // A template
  '/api/templates/{id}': async (user) => {
    const answer = await api('POST', '/api/templates', {
      token: user.idToken,
      body: { name: 'Owned template', subject: 'Hi {{firstName}}', body: 'not yours' },
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    return (answer.body!.data as { id: string }).id;
  },
  // A batch of AI-written e-mails (one contact)
  '/api/outreach/batches/{batchId}': async (user) => {
    const contact = await api('POST', '/api/contacts', { token: user.idToken, body: { name: 'Batch Contact' } });
    expect(contact.status, contact.text).toBeLessThan(300);
    const answer = await api('POST', '/api/outreach/generate', {
      token: user.idToken,
      // a contact added by hand has no address: written for all the same (DESIGN §9 skips it otherwise)
      body: { contactIds: [(contact.body!.data as { id: string }).id], includeUnverified: true },
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    return (answer.body!.data as { batchId: string }).batchId;
  },
  // A mailbox, by id and by address
  '/api/email-connections/{id}': async (user) => (await connectMailbox(user)).id,
  '/api/email-connections/email/{email}': async (user) => (await connectMailbox(user)).email,
  // A contact's conversations, a conversation, the conversation of a sent e-mail's thread, a pipeline card
  '/api/conversations/contact/{contactId}': (user) => owned['/api/contacts/{id}']!(user),
  '/api/conversations/{id}': perUser(async (user) => {
    const contactId = await owned['/api/contacts/{id}']!(user);
    const answer = await api('POST', '/api/conversations', {
      token: user.idToken,
      body: { contactId, subject: 'Owned conversation' },
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    return (answer.body!.data as { id: string }).id;
  }),
  '/api/conversations/thread/{threadId}': async (user) => {
    const contactId = await owned['/api/contacts/{id}']!(user);
    const draftId = `draft-${Math.random().toString(36).slice(2)}`;
    // what the send worker records once an e-mail left (lambdas/conversations/index.ts)
    const { conversation } = await recordSentEmail(db, user.sub, {
      conversationId: null,
      contactId,
      draftId,
      draftType: 'initial_outreach',
      mailboxId: 'owned-mailbox',
      provider: 'gmail',
      from: 'owner@gmail.com',
      fromName: null,
      to: 'contact@example.com',
      subject: 'Owned thread',
      body: 'not yours',
      sentAt: new Date(),
      messageId: `<draft-${draftId}@gmail.com>`,
      providerMessageId: `gm-${draftId}`,
      threadId: `thread-${draftId}`,
    });
    return conversation.threadId!;
  },
  '/api/pipeline/{contactId}': (user) => owned['/api/contacts/{id}']!(user),
  // A Checkout Session of the user (its id is in the sandbox Checkout page's URL)
  '/api/billing/checkout/{sessionId}': async (user) => {
    const answer = await api('POST', '/api/billing/checkout', { token: user.idToken, body: { plan: 'starter' } });
    expect(answer.status, answer.text).toBeLessThan(300);
    const { url } = answer.body!.data as { url: string };
    const sessionId = /\/(cs_[A-Za-z0-9_]+)/.exec(url)?.[1];
    if (!sessionId) throw new Error(`no Checkout Session id in ${url}`);
    return sessionId;
  },
  // A received e-mail of a conversation of the user's (its label is what the route corrects)
  '/api/conversations/{id}/messages/{messageId}': async (user) => {
    const conversationId = await owned['/api/conversations/{id}']!(user);
    const providerMessageId = `owned-${Math.random().toString(36).slice(2)}`;
    await recordIncomingEmail(db, user.sub, conversationId, {
      kind: 'reply',
      providerMessageId,
      messageId: null,
      from: 'contact@example.com',
      fromName: null,
      to: 'owner@gmail.com',
      subject: 'Re: Owned conversation',
      body: 'not yours',
      at: new Date(),
    });
    const answer = await api('GET', `/api/conversations/${conversationId}`, { token: user.idToken });
    expect(answer.status, answer.text).toBe(200);
    const { emails } = answer.body!.data as { emails: { id: string; direction?: string; from?: string }[] };
    const received = emails.find((email) => email.from === 'contact@example.com');
    if (!received) throw new Error(`no received e-mail in ${answer.text}`);
    return received.id;
  },
  // A sequence of the user's (one per user: an enrolment's fixture enrols its contact in it)
  '/api/sequences/{id}': perUser(async (user) => {
    const answer = await api('POST', '/api/sequences', {
      token: user.idToken,
      body: {
        name: 'Owned sequence',
        steps: [{ delayDays: 3, businessDaysOnly: false, sendTime: '09:00', source: 'ai' }],
      },
    });
    expect(answer.status, answer.text).toBe(201);
    return (answer.body!.data as { id: string }).id;
  }),
  // A contact enrolled in the user's sequence
  '/api/sequences/{id}/enrollments/{contactId}': async (user) => {
    const [sequenceId, contactId] = await Promise.all([
      owned['/api/sequences/{id}']!(user),
      owned['/api/contacts/{id}']!(user),
    ]);
    const answer = await api('POST', `/api/sequences/${sequenceId}/enrollments`, {
      token: user.idToken,
      body: { contactIds: [contactId] },
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    expect((answer.body!.data as { enrolled: number }).enrolled, answer.text).toBe(1);
    return contactId;
  },
  '/api/sequence-enrollments/{contactId}': (user) => owned['/api/contacts/{id}']!(user),
  // A meeting booked with a contact (no Zoom, no mailbox: kept without a link; a contact added by name has no address,
  // so it is booked without an invitation, DESIGN §9)
  '/api/meetings/{id}': async (user) => {
    const contactId = await owned['/api/contacts/{id}']!(user);
    const answer = await api('POST', '/api/meetings', {
      token: user.idToken,
      body: { contactId, startTime: new Date(Date.now() + 48 * 60 * 60_000).toISOString(), sendInvitation: false },
    });
    expect(answer.status, answer.text).toBe(201);
    return (answer.body!.data as { id: string }).id;
  },
  // An action of the activity log the browser started (contacts added from a file), of the most contacts:
  // any count the schema takes is within it (a count past profileCount is a 400)
  '/api/activity/{id}': async (user) => {
    const answer = await api('POST', '/api/activity', {
      token: user.idToken,
      body: { actionType: 'add_contacts', profileCount: 10_000 },
    });
    expect(answer.status, answer.text).toBe(201);
    return (answer.body!.data as { id: string }).id;
  },
};

/**
 * Routes whose owner is refused too, for a reason of the route's own (not the ids): the answer the owner gets instead
 * of a success. Sending waits for a connected mailbox, which arrives with a later issue.
 */
const ownerRefusal: Record<string, number> = {
  'POST /api/drafts/{id}/send': 409,
  // the generated body names a contact the owner does not have: 'Contact not found' (lambdas/templates/http.int.test.ts
  // renders the owner's template for the owner's contact)
  'POST /api/templates/{id}/render': 404,
  // the generated steps name templates the owner does not have: 'A step names a template you do not have'
  'PUT /api/sequences/{id}': 400,
};

/** The path parameters of `route` that `user` owns (made by the fixtures of `owned`). */
const ownedParams = async (route: Route, user: LocalUser) => {
  const params: Record<string, string> = {};
  for (const name of paramsOf(route.path)) {
    const prefix = `${route.path.slice(0, route.path.indexOf(`{${name}`))}{${name}}`;
    const make = owned[prefix];
    if (!make) throw new Error(`${route.key}: add a fixture for ${prefix} to \`owned\` of this suite`);
    params[name] = await make(user);
  }
  return params;
};

/** A body the route's schema takes (a generated one, checked), for requests that must get past validation. */
const validBody = (route: Route) => {
  if (!route.body) return undefined;
  const schema = route.body;
  const body = fc
    .sample(arbitraryOf(schema), { numRuns: 200, seed: 42 })
    .find((value) => schema.safeParse(value).success);
  if (body === undefined) throw new Error(`${route.key}: no generated body passed its schema`);
  return body;
};

/** A 2xx with the success envelope, or a 4xx with the failure envelope and a message: never a 5xx, never bare. */
const expectAnswered = (route: Route, answer: ApiAnswer, sent: unknown) => {
  const request = JSON.stringify(sent) ?? '';
  const detail = `${route.key} answered ${answer.status} ${answer.text.slice(0, 300)} to a request of ${Buffer.byteLength(request)} bytes: ${request.slice(0, 300)}`;
  if (answer.status >= 500) {
    const trace = logLines.filter((line) => /failed|Error/.test(line)).slice(-3);
    throw new Error(`${detail}\n${trace.join('\n')}`);
  }
  if (answer.status >= 400) {
    expect(answer.body, detail).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
    expect(answer.body?.error?.trim(), detail).not.toBe('');
  } else {
    expect(answer.status, detail).toBeGreaterThanOrEqual(200);
    expect(answer.body, detail).toMatchObject({ success: true });
  }
};

const now = () => Math.floor(Date.now() / 1000);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Tokens the authorizer must refuse, made for a signed-up user of the pool (`user`) and one of another pool. */
const refusedTokens: [string, (user: LocalUser, other: LocalUser) => string | undefined][] = [
  ['no token', () => undefined],
  ['a malformed token', () => 'Bearer not.a-jwt'],
  [
    "a token whose claims were changed to another user's",
    (user, other) => {
      const [header, , signature] = user.idToken.split('.');
      const claims = { ...claimsOf(user.idToken), sub: claimsOf(other.idToken).sub };
      return `Bearer ${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    },
  ],
  [
    'an expired token',
    // the pool's own claims and key, an hour past its expiry
    (user) =>
      `Bearer ${signJwt({ ...claimsOf(user.idToken), iat: now() - 7200, exp: now() - 3600 }, cognitoLocalKey())}`,
  ],
  ['a token of another user pool', (_user, other) => `Bearer ${other.idToken}`],
];

describe.each(userRoutes)('$key', (route) => {
  const hasParams = paramsOf(route.path).length > 0;

  it.each(refusedTokens)('answers 401 Authentication required with %s', async (_case, tokenFor) => {
    const authorization = tokenFor(holder, stranger);
    const answer = await api(route.method, concretePath(route.path, {}), {
      ...(authorization ? { authorization } : {}),
      ...(route.method === 'GET' ? {} : { body: validBody(route) ?? {} }),
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, error: messages.auth.required, code: 'unauthorized' });
  });

  it('is refused by its Lambda too when an event carries no verified claims', async () => {
    const { handler } = (await import(`./${route.domain}/http.ts`)) as {
      handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyResult>;
    };
    const response = await handler(
      apiEvent({ method: route.method, resource: route.path, path: concretePath(route.path, {}), body: {} }),
      lambdaContext(),
    );
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ success: false, error: messages.auth.required, code: 'unauthorized' });
  });

  it.runIf(hasParams)("answers 404 for another user's ids and changes nothing of theirs", async () => {
    const [owner, intruder] = await Promise.all([users.signUp('owner'), users.signUp('intruder')]);
    const params = await ownedParams(route, owner);
    const body = validBody(route);
    await settled();
    const before = await partitionSnapshot(db, owner.sub);

    const answer = await api(route.method, concretePath(route.path, params), {
      token: intruder.idToken,
      ...(body !== undefined ? { body } : {}),
    });

    expect(answer.status, answer.text).toBe(404);
    expect(answer.body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
    await settled();
    expect(await partitionSnapshot(db, owner.sub)).toEqual(before);
    // the same request of the owner is served: the ids were real
    const own = await api(route.method, concretePath(route.path, params), {
      token: owner.idToken,
      ...(body !== undefined ? { body } : {}),
    });
    if (ownerRefusal[route.key]) expect(own.status, own.text).toBe(ownerRefusal[route.key]);
    else expect(own.status, own.text).toBeLessThan(300);
  });

  /** Body, query and path parameters of one generated request. */
  const requests = (kind: 'schema' | 'junk', ownIds: Record<string, string>) => {
    const bodyFields = fieldsOf(route.body);
    const queryFields = fieldsOf(route.query);
    const body: fc.Arbitrary<string | undefined> =
      route.method === 'GET'
        ? fc.constant(undefined)
        : kind === 'schema' && route.body
          ? arbitraryOf(route.body).map((value) => JSON.stringify(value))
          : fc.option(junkBody(bodyFields), { nil: undefined });
    const query: fc.Arbitrary<Record<string, string>> =
      kind === 'junk'
        ? junkQuery(queryFields)
        : route.query
          ? arbitraryOf(route.query, { maxTextLength: 512 }).map(asQuery)
          : fc.constant({});
    const params: fc.Arbitrary<Record<string, string>> =
      kind === 'schema'
        ? fc.constant(ownIds)
        : fc.record(
            Object.fromEntries(
              Object.entries(ownIds).map(([name, id]) => [
                name,
                fc.oneof(fc.constant(id), fc.string({ unit: 'grapheme', maxLength: 100 })),
              ]),
            ),
          );
    const contentType =
      kind === 'schema' ? fc.constant('application/json') : fc.constantFrom('application/json', 'text/plain');
    return fc.record({ body, query, params, contentType });
  };

  /**
   * Requests always among the generated ones: for `schema`, the largest body the schema lets through (every text at
   * its longest, in wide characters); for `junk`, names that are properties of every object (`__proto__`, ...).
   */
  const examplesOf = (kind: 'schema' | 'junk', ownIds: Record<string, string>) => {
    const hasBody = route.method !== 'GET';
    if (kind === 'schema') {
      return route.body && hasBody
        ? [{ body: JSON.stringify(largestOf(route.body)), query: {}, params: ownIds, contentType: 'application/json' }]
        : [];
    }
    const inherited = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'];
    return [
      {
        body: hasBody ? `{${inherited.map((name) => `"${name}": {"polluted": true}`).join(', ')}}` : undefined,
        query: Object.fromEntries(inherited.map((name) => [name, 'x'])),
        params: ownIds,
        contentType: 'application/json',
      },
    ];
  };

  it.each(['schema', 'junk'] as const)(
    'answers %s bodies and queries with a success or a 4xx and a message, never a 5xx',
    async (kind) => {
      const user = await users.signUp(`fuzz-${kind}`);
      const ownIds = hasParams ? await ownedParams(route, user) : {};
      const outcome = await fc.check(
        fc.asyncProperty(requests(kind, ownIds), async (request) => {
          const answer = await api(route.method, concretePath(route.path, request.params), {
            token: user.idToken,
            query: request.query,
            ...(request.body !== undefined ? { rawBody: request.body, contentType: request.contentType } : {}),
          });
          expectAnswered(route, answer, request);
        }),
        {
          numRuns: runs,
          examples: examplesOf(kind, ownIds).map((example) => [example]),
        },
      );
      // fast-check's own report prints the whole request, which may be 100,000 characters long
      if (outcome.failed) {
        const reason = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : 'no error';
        throw new Error(
          `${reason.slice(0, 1500)}\n(fast-check seed ${outcome.seed}, path "${outcome.counterexamplePath}", after ${outcome.numRuns} runs)`,
        );
      }
    },
    60_000,
  );
});

/**
 * Every token the sandbox's Google, Microsoft and Zoom issued and still honour (access and refresh tokens of every
 * grant), as it keeps them on disk (infra/local/sandbox/oauth-grants.ts).
 */
const issuedTokens = () => {
  const saved = JSON.parse(readFileSync(join(stack.localDir, 'sandbox', 'oauth-grants.json'), 'utf8')) as {
    grants: { refreshTokens: string[] }[];
    accessTokens: { token: string }[];
  };
  return [...saved.grants.flatMap((grant) => grant.refreshTokens), ...saved.accessTokens.map(({ token }) => token)];
};

/** A query the route's schema takes (generated, checked), for requests that must get past validation. */
const validQuery = (route: Route) => {
  if (!route.query) return {};
  const schema = route.query;
  const query = fc
    .sample(arbitraryOf(schema, { maxTextLength: 64 }), { numRuns: 200, seed: 42 })
    .find((value) => schema.safeParse(value).success);
  return query === undefined ? {} : asQuery(query);
};

/**
 * DESIGN §9: no answer of any route, present and future, carries a token of a mailbox or of Zoom; the server sends,
 * reads and books with them itself. A user with a connected mailbox and Zoom calls every route with ids of their own and a
 * body the route takes (what would delete their connections or account last), and every token the sandbox issued is
 * looked for in each answer, and in the answers of the sign-ins that connected the mailboxes and Zoom.
 */
describe('no answer carries a token of a mailbox or of Zoom', () => {
  let keeper: LocalUser;
  beforeAll(async () => {
    keeper = await users.signUp('keeper');
    await connectMailbox(keeper);
    // and Zoom, as the header's Connect Zoom does (DESIGN §9)
    const started = await api('POST', '/zoom/oauth/init', {
      token: keeper.idToken,
      body: { redirect: `${stack.urls.web}/meetings` },
    });
    expect(started.status, started.text).toBe(200);
    const { authUrl, state } = started.body!.data as { authUrl: string; state: string };
    const redirect = await consentInSandbox(authUrl, { email: `${keeper.sub.slice(0, 8)}@zoom.example` });
    const exchanged = await api('POST', '/zoom/oauth/exchange', {
      token: keeper.idToken,
      body: { code: redirect.code, state },
    });
    expect(exchanged.status, exchanged.text).toBe(200);
    signInAnswers.push(started.text, exchanged.text);
  }, 60_000);

  const removes = (route: Route | ReturnType<typeof routeEntries>[number]) =>
    route.key === 'DELETE /api/account'
      ? 2
      : route.method === 'DELETE' || route.key === 'POST /zoom/disconnect'
        ? 1
        : 0;
  const walk = [...routeEntries()].sort((a, b) => removes(a) - removes(b));

  it.each(walk)(
    '$key',
    async (route) => {
      const params = paramsOf(route.path).length > 0 ? await ownedParams(route as Route, keeper) : {};
      const body = route.method === 'GET' ? undefined : validBody(route as Route);
      const answer = await api(route.method, concretePath(route.path, params), {
        ...(route.auth === 'user' ? { token: keeper.idToken } : {}),
        query: validQuery(route as Route),
        ...(body !== undefined ? { body } : {}),
      });
      const tokens = issuedTokens();
      expect(tokens.length).toBeGreaterThan(0);
      const answers = [answer.text, ...signInAnswers.splice(0)];
      const leaked = tokens.filter((token) => answers.some((text) => text.includes(token)));
      expect(leaked, `${route.key} answered ${answer.status} ${answer.text.slice(0, 500)}`).toEqual([]);
    },
    60_000,
  );
});
