import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { sitemapEntries } from '../../web/vite/crawlerFiles.js';
import { readStageConfig, repoRoot } from '../config.js';
import { testApp, testWebAclArn } from '../test/app.js';
import { spaRoutingCode, Web } from './web.js';

const folders: string[] = [];
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  for (const cleanup of cleanups) cleanup();
});

/** A web build with `robots.txt` naming `sitemap` (none: no crawler files), for the construct to deploy. */
const dist = (sitemap: string | null) => {
  const folder = mkdtempSync(join(tmpdir(), 'web-dist-'));
  folders.push(folder);
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Outreach</title>');
  if (sitemap) {
    writeFileSync(join(folder, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`);
    writeFileSync(join(folder, 'sitemap.xml'), '<urlset/>');
  }
  return folder;
};

/** The Web construct alone in a stack, deploying `distDir`. */
const webStack = (distDir: string) => {
  const { app, cleanup } = testApp();
  const stack = new Stack(app, 'WebTest');
  new Web(stack, 'Web', {
    config: readStageConfig(app.node),
    logs: new s3.Bucket(stack, 'Logs'),
    connectSources: [],
    webConfig: {
      stage: 'dev',
      apiUrl: 'https://api.example.com',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_pool',
      userPoolClientId: 'client',
      authFlowType: 'USER_SRP_AUTH',
      identityProviders: [],
      providers: {},
    },
    distDir,
    webAclArn: testWebAclArn,
  });
  cleanups.push(cleanup);
  return stack;
};

/** Runs the distribution's viewer-request function on a request for `uri`, as CloudFront would. */
const routed = (code: string, uri: string) => {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: { request: { uri: string } }) => {
    uri: string;
  };
  return handler({ request: { uri } }).uri;
};

describe('the web distribution', () => {
  const template = Template.fromStack(webStack(dist('https://www.example.com/sitemap.xml')));
  const functions = template.findResources('AWS::CloudFront::Function');
  const code = Object.values(functions)[0]?.Properties?.FunctionCode as string;

  it('routes the app through a viewer-request function and answers a missing file 404, never the app with 200', () => {
    expect(Object.keys(functions)).toHaveLength(1);
    expect(code).toBe(spaRoutingCode);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      AutoPublish: true,
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
        }),
      }),
    });
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const errors = distribution.Properties.DistributionConfig.CustomErrorResponses as { ResponseCode: number }[];
    expect(errors.map((error) => error.ResponseCode)).toEqual([404, 404]);
  });

  it('serves robots.txt, sitemap.xml and the other files as files', () => {
    for (const file of ['/robots.txt', '/sitemap.xml', '/config.json', '/favicon.svg', '/assets/Bx1a2.js'])
      expect(routed(code, file)).toBe(file);
  });

  it("gives every page of the sitemap, and the app's other routes, the app's index.html", () => {
    const pages = sitemapEntries(`${repoRoot}web/content/blog`).map((entry) => entry.path);
    expect(pages).toContain('/blog');
    for (const page of [...pages, '/dashboard', '/signup', '/blog/', '/gmail-auth'])
      expect(routed(code, page), page).toBe('/index.html');
  });

  it('deploys with no warning about a build whose robots.txt names the https origin', () => {
    Annotations.fromStack(webStack(dist('https://www.example.com/sitemap.xml'))).hasNoWarning(
      '*',
      Match.stringLikeRegexp('robots|crawler'),
    );
  });

  it('warns before deploying a build whose robots.txt names the local web, or that has none', () => {
    Annotations.fromStack(webStack(dist('http://localhost:5173/sitemap.xml'))).hasWarning(
      '*',
      Match.stringLikeRegexp('SITE_ORIGIN=https://'),
    );
    Annotations.fromStack(webStack(dist(null))).hasWarning('*', Match.stringLikeRegexp('no robots.txt or sitemap.xml'));
  });
});
