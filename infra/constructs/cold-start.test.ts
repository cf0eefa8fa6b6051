import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundlingOptions } from './function.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What a function's cold start loads, by input file: the bytes each puts in `index.mjs` and its static imports. */
const coldStartInputs = async (entry: string) => {
  const result = await build({
    ...bundlingOptions(`${root}${entry}`, `${root}.cold-start-test`),
    absWorkingDir: root,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const { outputs } = result.metafile;
  const cold = new Set<string>();
  const visit = (output: string) => {
    if (cold.has(output)) return;
    cold.add(output);
    for (const imported of outputs[output]!.imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(Object.keys(outputs).find((output) => output.endsWith('/index.mjs'))!);
  const bytes = new Map<string, number>();
  for (const output of cold) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[output]!.inputs)) {
      if (bytesInOutput > 0) bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput);
    }
  }
  return bytes;
};

/**
 * Module-level schemas are `lazySchema` calls marked pure (shared/lazy-schema.ts), so the house bundling
 * keeps only the schemas a function's code can reach. They are written with zod/mini: classic zod is ~85 KiB that
 * cannot be shaken (every schema type carries every method), about 15 ms of every cold start on the bench machine.
 */
describe('the cold start of a house bundle', () => {
  it('loads no classic zod: the schemas are zod/mini (the Cognito trigger, the heaviest HTTP Lambdas and workers)', async () => {
    const entries = [
      'lambdas/profiles/post-confirmation.ts',
      'lambdas/replies/http.ts',
      'lambdas/meetings/http.ts',
      'lambdas/contacts/http.ts',
      'lambdas/drafts/send-worker.ts',
      'lambdas/account/deletion-worker.ts',
    ];
    for (const entry of entries) {
      const inputs = [...(await coldStartInputs(entry)).keys()];
      expect(inputs.filter((input) => input.includes('node_modules/zod/v4/classic/'))).toEqual([]);
      expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    }
  });

  it('of the meeting-invitation worker loads no iCalendar library (it comes with the first invitation)', async () => {
    const inputs = [...(await coldStartInputs('lambdas/meetings/invitation-worker.ts')).keys()];
    expect(inputs.filter((input) => input.includes('node_modules/ical-generator/'))).toEqual([]);
    expect(inputs).toContain('lambdas/meetings/invitation.ts');
  });

  it('of the reply-check worker loads no MIME parser (it comes with the first Outlook meeting response)', async () => {
    const inputs = [...(await coldStartInputs('lambdas/replies/reply-check-worker.ts')).keys()];
    expect(inputs.filter((input) => /node_modules\/(mailparser|libmime|iconv-lite)\//.test(input))).toEqual([]);
    expect(inputs).toContain('lambdas/replies/check.ts');
  });

  it("loads no mailbox provider's adapter (each comes with its provider's first call: mail-api.ts, mail-auth.ts)", async () => {
    for (const entry of [
      'lambdas/replies/http.ts',
      'lambdas/replies/reply-check-worker.ts',
      'lambdas/mailboxes/http.ts',
    ]) {
      const inputs = [...(await coldStartInputs(entry)).keys()];
      const adapters = /^lambdas\/providers\/mail\/(gmail-mail|graph-mail|google|microsoft|mime|message-fields)\.ts$/;
      expect(inputs.filter((input) => adapters.test(input))).toEqual([]);
      expect(inputs).toContain('lambdas/providers/mail/mail-api.ts');
    }
  });

  it("of the account Lambda holds none of the AWS SDK's protocol code (S3's and Cognito's clients come with their first use)", async () => {
    const inputs = [...(await coldStartInputs('lambdas/account/http.ts')).keys()];
    expect(inputs.filter((input) => /protocols\/xml\/|node_modules\/@aws-sdk\/xml-builder\//.test(input))).toEqual([]);
    // nor any of the SDK's protocol code: its DynamoDB client is ours (lambdas/data/dynamo.ts)
    expect(inputs.filter((input) => input.includes('node_modules/@smithy/core/'))).toEqual([]);
    expect(inputs).toContain('lambdas/data/dynamo.ts');
  });

  it("of the account Lambda loads no deletion, nor the outside services' adapters it releases (they come with the first deletion)", async () => {
    const inputs = [...(await coldStartInputs('lambdas/account/http.ts')).keys()];
    const deletion =
      /^lambdas\/(account\/(service|outside-deps)\.ts|mailboxes\/|meetings\/|billing\/|providers\/(mail|billing|meetings)\/)/;
    expect(inputs.filter((input) => deletion.test(input))).toEqual([]);
    expect(inputs).toContain('lambdas/account/export.ts');
  });

  it("of the replies Lambda carries no code of schemas it cannot reach (dashboard's, contacts')", async () => {
    const inputs = await coldStartInputs('lambdas/replies/http.ts');
    // a module all of whose code is dropped keeps a few bytes: the stack-trace set-up's call that `inject` adds to it
    expect(inputs.get('shared/schemas/dashboard.ts') ?? 0).toBeLessThan(32);
    expect(inputs.get('shared/schemas/contacts.ts') ?? 0).toBeLessThan(32);
    expect(inputs.get('shared/schemas/conversations.ts')).toBeGreaterThan(1024);
  });
});

describe("Node's own modules in a house bundle", () => {
  it('come with require, not with an ESM import (whose facade loads undici, HTTP/2 and more for node:http)', async () => {
    const result = await build({
      ...bundlingOptions(`${root}lambdas/health/http.ts`, `${root}.cold-start-test`),
      absWorkingDir: root,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    const builtin = (path: string) => path.startsWith('node:') || builtinModules.includes(path);
    expect(imports.filter((imported) => builtin(imported.path) && imported.kind !== 'require-call')).toEqual([]);
    // the DynamoDB client's transport, among others
    expect(imports).toContainEqual({ path: 'node:https', kind: 'require-call', external: true });
    // and what the function's code reads off them is there: the handler still runs (function.int.test.ts)
  });
});

/** The input files whose code a bundle of `source` (TypeScript importing from the repository) keeps. */
const bundleInputs = async (source: string) => {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );
};

/**
 * The settings a Lambda reads from its environment at cold start are parsed with zod/mini, as
 * lambdas/core/config.ts: classic zod's schemas cost a few times more to build (each installs every method on itself),
 * and every Lambda builds its settings schemas at import.
 */
describe('the settings read at cold start', () => {
  it('are parsed without classic zod (mail, Zoom, Stripe, OpenAI, research, verification, replies)', async () => {
    const inputs = await bundleInputs(`
      import { readMailSettings } from './lambdas/providers/mail/settings.ts';
      import { readZoomSettings } from './lambdas/providers/meetings/settings.ts';
      import { readStripeSettings } from './lambdas/providers/billing/stripe.ts';
      import { readOpenAiSettings } from './lambdas/providers/ai/openai.ts';
      import { readResearchSettings } from './lambdas/providers/research/perplexity.ts';
      import { readVerificationSettings } from './lambdas/providers/verification/quickemailverification.ts';
      import { readReplySettings } from './lambdas/replies/settings.ts';
      export const settings = [readMailSettings(), readZoomSettings(), readStripeSettings(), readOpenAiSettings(),
        readResearchSettings(), readVerificationSettings(), readReplySettings()];
    `);
    expect(inputs.filter((input) => input.includes('node_modules/zod/v4/classic/'))).toEqual([]);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
  });
});
