import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessedDocument, UploadTicket } from '../../shared/schemas/documents.js';
import { browserUpload } from '../../lambdas/documents/test/browser-upload.js';
import { sampleDoc, sampleDocx, samplePdf } from '../../lambdas/documents/test/sample-documents.js';
import { apiEvent, userClaims } from '../../lambdas/test/api-event.js';
import { repoRoot } from '../config.js';
import { bundlingOptions, lambdaEntry } from './function.js';

/** Node 22, the functions' runtime (NOTES.md "Node version"). */
const node = join(repoRoot, 'node_modules/.bin/node');
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

/** `entry` bundled as the stack bundles it, into a temporary folder; with esbuild's account of what went where. */
const bundle = async (entry: string) => {
  const outdir = mkdtempSync(join(tmpdir(), 'house-bundle-'));
  outdirs.push(outdir);
  const { metafile } = await build({ ...bundlingOptions(entry, outdir), metafile: true, logLevel: 'silent' });
  return { outdir, index: pathToFileURL(join(outdir, 'index.mjs')).href, metafile: metafile! };
};

/** The source files in the chunks a cold start loads: the entry's output and its static imports, transitively. */
const coldStartInputs = (metafile: Metafile) => {
  const outputs = new Set<string>();
  const visit = (path: string) => {
    if (outputs.has(path) || !metafile.outputs[path]) return;
    outputs.add(path);
    for (const imported of metafile.outputs[path].imports)
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(metafile.outputs).find((path) => path.endsWith('/index.mjs'))!);
  return [...outputs].flatMap((path) => Object.keys(metafile.outputs[path]!.inputs));
};

const lambdaRunner = `
const [bundle, event] = process.argv.slice(1);
const { handler } = await import(bundle);
const context = {
  awsRequestId: 'house-bundle-test', functionName: 'house-bundle-test', functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:house-bundle-test', memoryLimitInMB: '1024',
  logGroupName: 'house-bundle-test', logStreamName: 'house-bundle-test', callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 30000,
};
process.stdout.write(JSON.stringify(await handler(JSON.parse(event), context)));
`;

/** One invocation of a bundle's handler in a fresh Node process (a cold start), with `env` as its environment. */
const invoke = async (index: string, event: ReturnType<typeof apiEvent>, env: NodeJS.ProcessEnv = process.env) => {
  const { stdout } = await promisify(execFile)(
    node,
    ['--input-type=module', '-e', lambdaRunner, index, JSON.stringify(event)],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout) as APIGatewayProxyResult;
  return {
    status: result.statusCode,
    json: JSON.parse(result.body) as { success: boolean; data: never; code?: string },
  };
};

const health = await bundle(lambdaEntry('health', 'http'));
const documents = await bundle(lambdaEntry('documents', 'http'));

describe('the house bundling, run as Lambda runs it', () => {
  it("reaches DynamoDB without the AWS SDK's client (lambdas/data/dynamo.ts): nothing of the SDK but its marshalling", () => {
    const inputs = coldStartInputs(health.metafile);
    expect(inputs).toContain('lambdas/data/dynamo.ts');
    expect(inputs.filter((input) => /node_modules\/@(smithy|aws-sdk)\/(?!util-dynamodb\/)/.test(input))).toEqual([]);
  });

  it("keeps only the environment link of the SDK clients' credential chain (the documents Lambda's S3 client)", () => {
    const inputs = Object.keys(documents.metafile.inputs);
    expect(inputs.some((input) => input.includes('node_modules/@aws-sdk/client-s3/'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('infra/constructs/env-credentials.ts'))).toBe(true);
    expect(
      inputs.filter((input) =>
        /credential-provider-(node|ini|sso|process|web-identity|http)|nested-clients/.test(input),
      ),
    ).toEqual([]);
  });

  it('signs its requests with the credentials of the environment (DynamoDB Local refuses unsigned ones)', async () => {
    const { status, json } = await invoke(health.index, apiEvent({ method: 'GET', resource: '/api/health' }));
    expect({ status, json }).toMatchObject({ status: 200, json: { success: true, data: { status: 'ok' } } });
  });

  it('looks nowhere else for credentials: a shared credentials file is not read', async () => {
    const home = mkdtempSync(join(tmpdir(), 'house-bundle-home-'));
    outdirs.push(home);
    writeFileSync(join(home, 'credentials'), '[default]\naws_access_key_id = AKIAFILE\naws_secret_access_key = file\n');
    const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, ...env } = process.env;
    const withFileOnly = {
      ...env,
      AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials'),
      AWS_EC2_METADATA_DISABLED: 'true',
    };
    const { status } = await invoke(health.index, apiEvent({ method: 'GET', resource: '/api/health' }), withFileOnly);
    expect(status).toBe(500);
  });

  it('writes stack traces through the source maps as --enable-source-maps does, without the flag', async () => {
    const fixture = await bundle(join(repoRoot, 'infra/test/fixtures/stack-trace.ts'));
    // `node` hands the stack to Node's own source-map support: the injected formatter is set aside after the import
    const script = `
      const { handler } = await import(process.argv[1]);
      if (process.argv[2] === 'node') Error.prepareStackTrace = undefined;
      const error = await handler().catch((failure) => failure);
      process.stdout.write(error.stack.split('\\n').slice(0, 3).join('\\n'));
    `;
    const { NODE_OPTIONS: _, ...env } = process.env;
    const run = async (formatter: 'house' | 'node') =>
      (
        await promisify(execFile)(
          node,
          [
            ...(formatter === 'node' ? ['--enable-source-maps'] : []),
            '--input-type=module',
            '-e',
            script,
            fixture.index,
            formatter,
          ],
          { env },
        )
      ).stdout;
    const house = await run('house');
    expect(house.split('\n')).toEqual([
      'Error: fixture failure',
      expect.stringMatching(/^ {4}at \S+ \(\/.*\/infra\/test\/fixtures\/stack-trace\.ts:7:9\)$/),
      expect.stringMatching(/^ {4}at \S+ \(\/.*\/infra\/test\/fixtures\/stack-trace\.ts:3:3\)$/),
    ]);
    expect(house).toBe(await run('node'));
  });

  it("leaves the documents Lambda's PDF, DOCX and DOC readers out of its cold start", () => {
    const { metafile } = documents;
    const readers = /node_modules\/(unpdf|mammoth|word-extractor)\//;
    expect(coldStartInputs(metafile).filter((input) => readers.test(input))).toEqual([]);
    expect(Object.keys(metafile.inputs).filter((input) => readers.test(input))).not.toEqual([]);
  });

  it('bundles a module run as a child process beside index.mjs, as an entry of its own outside the cold start', () => {
    const { metafile } = documents;
    const processOutput = Object.entries(metafile.outputs).find(([path]) => path.endsWith('/extract-text.process.mjs'));
    expect(processOutput?.[1].entryPoint).toMatch(/lambdas\/documents\/extract-text\.process\.ts$/);
    expect(coldStartInputs(metafile).filter((input) => input.endsWith('extract-text.process.ts'))).toEqual([]);
    // the health Lambda's folder has none
    expect(Object.keys(health.metafile.outputs).filter((path) => path.endsWith('.process.mjs'))).toEqual([]);
  });

  it('processes uploaded PDF, DOCX and DOC files in the bundled reading process, the readers from their chunks', async () => {
    const claims = userClaims();
    const files = [
      { name: 'cv.pdf', type: 'application/pdf', bytes: await samplePdf(['Ada Lovelace', 'Analytical Engine']) },
      {
        name: 'cv.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: sampleDocx(['Grace Hopper', 'Compilers']),
      },
      { name: 'cv.doc', type: 'application/msword', bytes: sampleDoc(['Katherine Johnson', 'Orbits']) },
    ];
    const contents: string[] = [];
    for (const file of files) {
      const body = { purpose: 'resume', fileName: file.name, contentType: file.type, size: file.bytes.length };
      const ticket = await invoke(
        documents.index,
        apiEvent({ method: 'POST', resource: '/api/uploads', body, claims }),
      );
      expect(ticket.status).toBe(200);
      const { key, ...form } = ticket.json.data as UploadTicket;
      expect(await browserUpload(form, file.bytes, file.name)).toBe(204);
      const processed = await invoke(
        documents.index,
        apiEvent({ method: 'POST', resource: '/api/profiles/resume', body: { key }, claims }),
      );
      expect(processed.status).toBe(200);
      contents.push((processed.json.data as ProcessedDocument).content);
    }
    expect(contents).toEqual([
      'Ada Lovelace\nAnalytical Engine',
      'Grace Hopper\n\nCompilers',
      'Katherine Johnson\nOrbits',
    ]);
  });
});
