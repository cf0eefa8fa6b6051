import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domains } from '../shared/routes.js';

/** The files of `shared/` that esbuild puts in a domain Lambda's bundle (as the CDK stack bundles it). */
const sharedInputs = async (domain: string) => {
  const result = await build({
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    entryPoints: [`lambdas/${domain}/http.ts`],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).filter((input) => input.startsWith('shared/'));
};

/** Each Lambda bundles only its own domain's routes and schemas, not the whole table. */
describe.each(domains)('the %s Lambda', (domain) => {
  it("bundles its own route table and no other domain's", async () => {
    const inputs = await sharedInputs(domain);
    expect(inputs).toContain(`shared/routes/${domain}.ts`);
    expect(inputs.filter((input) => input.startsWith('shared/routes'))).toEqual([`shared/routes/${domain}.ts`]);
  });
});

describe('the health Lambda', () => {
  it('bundles no schema of any domain', async () => {
    expect((await sharedInputs('health')).filter((input) => input.startsWith('shared/schemas/'))).toEqual([]);
  });
});
