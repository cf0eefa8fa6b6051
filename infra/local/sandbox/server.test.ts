import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import type { SandboxVendor } from './router.js';
import { startSandbox, type Sandbox } from './server.js';

/** A vendor file as later issues add them: a prefix of the vendor's HTTP API that its real SDK calls. */
const echoVendor: SandboxVendor = {
  name: 'echo',
  summary: 'base URL /echo/v1',
  register: (router) =>
    router
      .post('/echo/v1/things/:id', (request) => ({
        status: 201,
        json: { id: request.params.id, body: request.json(), q: request.query.get('q') },
      }))
      .get('/echo/v1/authorize', (request) => ({ redirect: `${request.query.get('redirect_uri')}?code=abc` }))
      .get('/echo/v1/consent', () => ({ html: '<form><button>Allow</button></form>' })),
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [echoVendor], log: () => {} });
});
afterAll(() => sandbox.stop());

describe('the sandbox provider server', () => {
  it('answers GET /health with the vendors it speaks', async () => {
    const response = await fetch(`${sandbox.url}/health`);
    expect(await response.json()).toEqual({ ok: true, vendors: [{ name: 'echo', summary: 'base URL /echo/v1' }] });
  });

  it("routes a request to its vendor's handler with path parameters, query and JSON body", async () => {
    const response = await fetch(`${sandbox.url}/echo/v1/things/t%201?q=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 't 1', body: { a: 1 }, q: 'x' });
  });

  it('answers redirects, as OAuth consent steps need', async () => {
    const response = await fetch(`${sandbox.url}/echo/v1/authorize?redirect_uri=http://localhost:5173/cb`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost:5173/cb?code=abc');
  });

  it('answers pages as HTML without scripts, as consent pages need', async () => {
    const response = await fetch(`${sandbox.url}/echo/v1/consent`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toBe('<form><button>Allow</button></form>');
  });

  it('gives each server its own shared vendor state', async () => {
    const made: number[] = [];
    const counter: SandboxVendor = {
      name: 'counter',
      summary: 'state shared by vendors of one server',
      register: (router, context) => {
        const state = context.shared('count', () => {
          made.push(made.length);
          return { hits: 0 };
        });
        router.post('/count', () => ({ json: { hits: ++state.hits } }));
      },
    };
    const [one, two] = await Promise.all([
      startSandbox({ port: await freePort(), vendors: [counter, counter], log: () => {} }),
      startSandbox({ port: await freePort(), vendors: [counter], log: () => {} }),
    ]);
    try {
      await fetch(`${one.url}/count`, { method: 'POST' });
      expect(await (await fetch(`${two.url}/count`, { method: 'POST' })).json()).toEqual({ hits: 1 });
      expect(made).toHaveLength(2);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('answers 404 for what no vendor serves', async () => {
    const response = await fetch(`${sandbox.url}/nobody/here`);
    expect(response.status).toBe(404);
  });
});
