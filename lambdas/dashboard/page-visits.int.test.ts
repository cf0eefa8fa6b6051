import { randomUUID } from 'node:crypto';
import { QueryCommand } from '../data/dynamo.js';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { trackingLimits } from '../../shared/tracking.js';
import { createDataClient } from '../data/client.js';
import { pageVisitKey } from '../data/page-visits.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';

const db = createDataClient(process.env.TABLE_NAME!);
const at = '2026-03-02T10:00:00.000Z';

/** a path of this test alone, so other tests' visits never count in it */
const ownPath = () => `/pricing/${randomUUID()}`;

/** every counter item stored for `path` today (any event) */
const storedFor = async (path: string) => {
  const day = new Date().toISOString().slice(0, 10);
  const { Items = [] } = await db.documents.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#path = :path',
      ExpressionAttributeNames: { '#path': 'path' },
      ExpressionAttributeValues: { ':pk': pageVisitKey(day, 'page_view', path).pk, ':path': path },
      ConsistentRead: true,
    }),
  );
  return Items;
};

describe('POST /api/track, the page-visit collector (SPEC §2 tracking)', () => {
  it('counts visits per day, event and path in one item each, and keeps nothing of the visitor', async () => {
    const path = ownPath();
    const first = await callRoute('POST /api/track', {
      body: {
        events: [
          { name: 'page_view', path, at },
          { name: 'pricing_view', path, at },
          { name: 'page_view', path, at },
        ],
      },
      // what a browser sends: none of it may be kept
      headers: { 'User-Agent': 'Mozilla/5.0 (visitor)', 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({
      accepted: 3,
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      counts: [
        { name: 'page_view', path, count: 2 },
        { name: 'pricing_view', path, count: 1 },
      ],
    });
    const again = await callRoute('POST /api/track', { body: { events: [{ name: 'page_view', path, at }] } });
    expect(again.json.data.counts).toEqual([{ name: 'page_view', path, count: 3 }]);

    const items = await storedFor(path);
    expect(items).toHaveLength(2);
    for (const item of items) {
      // a counter only: no user id, address, browser or visit time
      expect(Object.keys(item).sort()).toEqual(['count', 'day', 'entity', 'name', 'path', 'pk', 'sk', 'ttl']);
      // kept for a while, not for ever
      expect(item.ttl).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);
    }
  });

  it('refuses an unknown event name, a path with markup or a query, and a batch over its size, storing nothing', async () => {
    const path = ownPath();
    const refused = [
      { events: [{ name: 'purchase', path, at }] },
      { events: [{ name: 'page_view', path: `${path}<script>alert(1)</script>`, at }] },
      { events: [{ name: 'page_view', path: `${path}?email=a@b.c`, at }] },
      { events: [{ name: 'page_view', path: 'javascript:alert(1)', at }] },
      { events: [{ name: 'page_view', path: `/${'a'.repeat(trackingLimits.pathLength)}`, at }] },
      { events: [{ name: 'page_view', path, at: 'yesterday' }] },
      { events: Array.from({ length: trackingLimits.batchSize + 1 }, () => ({ name: 'page_view', path, at })) },
      { events: [] },
    ];
    for (const body of refused) {
      const answer = await callRoute('POST /api/track', { offSchema: true, body });
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.json).toMatchObject({ success: false, code: 'validation_failed' });
    }
    expect(await storedFor(path)).toEqual([]);
  });

  it('refuses a body over 8 KB before reading it (413)', async () => {
    const path = ownPath();
    const rawBody = JSON.stringify({ events: [{ name: 'page_view', path, at }], padding: 'x'.repeat(100_000) });
    const answer = await callRoute('POST /api/track', { offSchema: true, rawBody });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ success: false, error: messages.validation.bodyTooLarge });
    expect(await storedFor(path)).toEqual([]);
  });

  it('refuses a visitor who names a user, with or without a token: the collector takes no identity', async () => {
    const path = ownPath();
    const { sub } = userClaims() as { sub: string };
    for (const body of [
      { events: [{ name: 'dashboard_view', path, at }], userId: sub },
      { events: [{ name: 'dashboard_view', path, at, userId: sub }] },
    ]) {
      const answer = await callRoute('POST /api/track', { offSchema: true, body, claims: userClaims() });
      expect(answer.status).toBe(400);
    }
    expect(await storedFor(path)).toEqual([]);
  });
});
