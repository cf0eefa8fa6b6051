import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zoomMessages } from '../../shared/schemas/meetings.js';
import type { ZoomConnectionItem } from '../data/zoom-connection.js';
import { appPage, toZoomConnection, verifyZoomSignature } from './zoom-connection.js';

const secret = 'webhook-secret';
const now = new Date('2026-11-24T12:00:00.000Z');
const seconds = String(Math.floor(now.getTime() / 1000));
const sign = (timestamp: string, rawBody: string, key = secret) =>
  `v0=${createHmac('sha256', key).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
const body = '{"event":"app_deauthorized","payload":{"user_id":"u1"}}';

describe("Zoom's event signature", () => {
  it('accepts the signature of the raw body at a timestamp within 5 minutes, in seconds or milliseconds', () => {
    expect(
      verifyZoomSignature(secret, { signature: sign(seconds, body), timestamp: seconds, rawBody: body, now }),
    ).toBe(true);
    const ms = String(now.getTime() - 4 * 60_000);
    expect(verifyZoomSignature(secret, { signature: sign(ms, body), timestamp: ms, rawBody: body, now })).toBe(true);
  });

  it('refuses another secret, another body, another timestamp, and one more than 5 minutes off either way', () => {
    const check = (signature: string | undefined, timestamp: string | undefined, rawBody = body) =>
      verifyZoomSignature(secret, { signature, timestamp, rawBody, now });
    expect(check(sign(seconds, body, 'other'), seconds)).toBe(false);
    expect(check(sign(seconds, body), seconds, body.replace('u1', 'u2'))).toBe(false);
    const other = String(Number(seconds) - 1);
    expect(check(sign(seconds, body), other)).toBe(false);
    for (const offsetSeconds of [-301, 301]) {
      const stamp = String(Number(seconds) + offsetSeconds);
      expect(check(sign(stamp, body), stamp), String(offsetSeconds)).toBe(false);
    }
  });

  it('refuses missing or malformed headers without throwing', () => {
    const check = (signature: string | undefined, timestamp: string | undefined) =>
      verifyZoomSignature(secret, { signature, timestamp, rawBody: body, now });
    expect(check(undefined, seconds)).toBe(false);
    expect(check(sign(seconds, body), undefined)).toBe(false);
    expect(check('v0=short', seconds)).toBe(false);
    expect(check(sign(seconds, body), 'soon')).toBe(false);
    expect(check(sign(seconds, body), `${seconds}.5`)).toBe(false);
  });
});

describe('where Zoom may send the browser back', () => {
  it('is a page of the web origin only', () => {
    expect(appPage('https://app.example', 'https://app.example/pipeline?tab=1')?.pathname).toBe('/pipeline');
    expect(appPage('https://app.example', 'https://evil.example/pipeline')).toBeNull();
    expect(appPage('https://app.example', 'https://app.example.evil.example/')).toBeNull();
    expect(appPage('https://app.example', 'http://app.example/')).toBeNull();
    expect(appPage('https://app.example', 'https://user:pass@app.example/')).toBeNull();
    expect(appPage('https://app.example', 'not a url')).toBeNull();
  });

  it('is a localhost page where any origin is configured (local development)', () => {
    expect(appPage('*', 'http://localhost:5173/meetings')?.origin).toBe('http://localhost:5173');
    expect(appPage('*', 'https://evil.example/')).toBeNull();
    expect(appPage('*', 'javascript:alert(1)')).toBeNull();
  });
});

describe('GET /zoom/connection', () => {
  const item: ZoomConnectionItem = {
    uid: 'u',
    id: 'c1',
    email: 'ada@zoom.example',
    zoomUserId: 'z',
    accountId: 'a',
    expiresAt: '2026-11-24T13:00:00.000Z',
    refreshError: null,
    connectedAt: '2026-11-24T12:00:00.000Z',
    updatedAt: '2026-11-24T12:00:00.000Z',
    version: 0,
    tokens: { v: 1, by: 'file', key: 'k', iv: 'i', tag: 't', data: 'd' },
  };

  it('says connected, or expired with why (SPEC §4 Zoom states), and never anything of the tokens', () => {
    expect(toZoomConnection(item)).toEqual({
      connected: true,
      id: 'c1',
      email: 'ada@zoom.example',
      provider: 'zoom',
      expiresAt: '2026-11-24T13:00:00.000Z',
      refreshError: null,
      message: zoomMessages.connected,
    });
    expect(toZoomConnection({ ...item, refreshError: 'invalid_grant' })).toMatchObject({
      connected: false,
      refreshError: 'invalid_grant',
      message: zoomMessages.expired,
    });
  });
});
