import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCandidates, normaliseName } from '../../../lambdas/contacts/email-candidates.js';
import { VerificationFailure, type Verifier } from '../../../lambdas/providers/verification/port.js';
import { quickEmailVerification } from '../../../lambdas/providers/verification/quickemailverification.js';
import { freePort } from '../net.js';
import { startSandbox, type Sandbox } from './server.js';
import { conventionOf, sandboxVerdict, verificationVendor } from './verification.js';

let sandbox: Sandbox;
let verifier: Verifier;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [verificationVendor], log: () => {} });
  verifier = quickEmailVerification({
    baseUrl: `${sandbox.url}/quickemailverification/v1`,
    apiKey: 'sandbox-verification-key',
    apiKeySecret: undefined,
  });
});
afterAll(() => sandbox.stop());

const people = [
  ['Ada', 'Lovelace'],
  ['Grace', 'Hopper'],
  ['Alan', 'Turing'],
  ['Katherine', 'Johnson'],
  ['Edsger', 'Dijkstra'],
  ['Barbara', 'Liskov'],
  ['Margaret', 'Hamilton'],
  ['Donald', 'Knuth'],
  ['Radia', 'Perlman'],
  ['Tim', 'Berners-Lee'],
  ['Zoë', "O'Brien"],
  ['Frances', 'Allen'],
] as const;

describe('the verification sandbox', () => {
  it('holds exactly one mailbox per person among the conventions, and the lookup order finds it first', () => {
    for (const [firstName, lastName] of people) {
      const candidates = emailCandidates({ firstName, lastName, domain: 'acme.com' });
      const chosen = conventionOf(normaliseName(firstName)[0]!, normaliseName(lastName), 'acme.com');
      const conventional = candidates.filter((candidate) =>
        ['first.last', 'first_last', 'f.last'].includes(candidate.pattern),
      );
      const valid = conventional.filter((candidate) => sandboxVerdict(candidate.email).result === 'valid');
      expect(
        valid.map((candidate) => candidate.pattern),
        `${firstName} ${lastName}`,
      ).toEqual([chosen]);
      const firstValid = candidates.find((candidate) => sandboxVerdict(candidate.email).result === 'valid');
      expect(firstValid?.pattern, `${firstName} ${lastName}`).toBe(chosen);
    }
  });

  it('gives different people different patterns, mostly first.last', () => {
    const patterns = people.map(([first, last]) =>
      conventionOf(first[0]!.toLowerCase(), last.toLowerCase(), 'acme.com'),
    );
    expect(new Set(patterns).size).toBeGreaterThan(1);
    expect(patterns.filter((pattern) => pattern === 'first.last').length).toBeGreaterThan(people.length / 2);
  });

  it("answers the vendor's shape, read by the real adapter: valid and invalid", async () => {
    const [first] = emailCandidates({ firstName: 'Grace', lastName: 'Hopper', domain: 'acme.com' });
    const pattern = conventionOf('g', 'hopper', 'acme.com');
    const mailbox = { 'first.last': 'grace.hopper', first_last: 'grace_hopper', 'f.last': 'g.hopper' }[pattern];
    expect(await verifier.verify(`${mailbox}@acme.com`)).toEqual({ status: 'valid', reason: 'accepted_email' });
    expect(await verifier.verify('ghopper@acme.com')).toEqual({ status: 'invalid', reason: 'rejected_email' });
    expect(first!.email).toBe('grace.hopper@acme.com');
  });

  it('calls every address of an accept-all domain risky', async () => {
    expect(await verifier.verify('anyone@catchall-corp.com')).toEqual({
      status: 'accept_all',
      reason: 'accepted_email',
    });
    expect(await verifier.verify('ada.lovelace@acceptall.io')).toMatchObject({ status: 'accept_all' });
  });

  it('refuses every address of a domain that takes no mail or knows nobody', async () => {
    expect(await verifier.verify('ada.lovelace@nomail.example.com')).toEqual({
      status: 'invalid',
      reason: 'invalid_domain',
    });
    expect(await verifier.verify('ada.lovelace@unknown-co.com')).toEqual({
      status: 'invalid',
      reason: 'rejected_email',
    });
  });

  it('answers unknown for an address with timeout in it', async () => {
    expect(await verifier.verify('ada.lovelace@timeout-labs.com')).toEqual({ status: 'unknown', reason: 'timeout' });
  });

  it('answers the raw API with string booleans, and refuses a request without a key', async () => {
    const ok = await fetch(`${sandbox.url}/quickemailverification/v1/verify?email=x%40acceptall.io&apikey=k`);
    expect(await ok.json()).toMatchObject({
      result: 'valid',
      accept_all: 'true',
      safe_to_send: 'false',
      success: 'true',
    });
    const noKey = await fetch(`${sandbox.url}/quickemailverification/v1/verify?email=x%40acme.com`);
    expect(noKey.status).toBe(401);
  });

  it('fails as busy during an outage, and as refused without a key', async () => {
    await expect(verifier.verify('ada.lovelace@outage.example.com')).rejects.toMatchObject({
      name: 'VerificationFailure',
      kind: 'busy',
    });
    const keyless = quickEmailVerification({
      baseUrl: `${sandbox.url}/quickemailverification/v1`,
      apiKey: undefined,
      apiKeySecret: undefined,
    });
    await expect(keyless.verify('ada@acme.com')).rejects.toBeInstanceOf(VerificationFailure);
  });
});
