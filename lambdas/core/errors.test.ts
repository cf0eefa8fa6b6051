import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { healthRoutes } from '../../shared/routes/health.js';
import { callRoute } from '../test/call-route.js';
import { tooManyRequests } from './errors.js';
import { httpHandler } from './http.js';
import { createLogger } from './logger.js';

const logger = createLogger('test');
logger.setLogLevel('SILENT');

describe('a 429 of a rate limit', () => {
  it("answers the spec's text in the envelope, with the wait as Retry-After the web origin may read", async () => {
    const handler = httpHandler(
      healthRoutes,
      { 'GET /api/health': async () => Promise.reject(tooManyRequests(41.2)) },
      { logger, corsOrigin: 'http://localhost:5173' },
    );
    const response = await callRoute('GET /api/health', { handler, headers: { Origin: 'http://localhost:5173' } });

    expect(response.status).toBe(429);
    expect(response.json).toEqual({
      success: false,
      error: messages.status[429],
      code: 'rate_limited',
      details: { retryAfter: 42 },
    });
    expect(response.headers).toMatchObject({
      'Retry-After': '42',
      'Access-Control-Allow-Origin': 'http://localhost:5173',
      'Access-Control-Expose-Headers': 'Retry-After',
      'Content-Type': 'application/json; charset=utf-8',
    });
  });

  it('never asks to wait less than a second', () => {
    expect(tooManyRequests(0).headers).toEqual({ 'Retry-After': '1' });
  });
});
