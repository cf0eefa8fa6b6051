import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readItem } from '../test/raw-items.js';
import { createDataClient } from './client.js';
import { connectionsDueBefore } from './connection.js';
import {
  deleteZoomConnection,
  getZoomConnection,
  putZoomConnection,
  replaceZoomConnection,
  usersOfZoomUser,
  type ZoomConnectionItem,
  zoomConnectionKey,
  zoomUserKey,
} from './zoom-connection.js';

const db = createDataClient(process.env.TABLE_NAME!);

/**
 * A connection of a new user. Its expiry is in 2999: the jobs' index reads in other tests (now, or a clock in 2000) never
 * find these as due.
 */
const connection = (overrides: Partial<ZoomConnectionItem> = {}): ZoomConnectionItem => ({
  uid: randomUUID(),
  id: randomUUID(),
  email: 'ada@zoom.example',
  zoomUserId: `zu-${randomUUID()}`,
  accountId: 'acc-1',
  expiresAt: '2999-06-01T10:00:00.000Z',
  refreshError: null,
  connectedAt: '2999-06-01T09:00:00.000Z',
  updatedAt: '2999-06-01T09:00:00.000Z',
  version: 0,
  tokens: { v: 1, by: 'file', key: 'k', iv: 'i', tag: 't', data: 'd' },
  ...overrides,
});

describe('the Zoom connection data', () => {
  it('makes one connection per user: a second sign-in written on a stale read is refused', async () => {
    const first = connection();
    expect(await putZoomConnection(db, first, null)).toBe(true);
    expect(await putZoomConnection(db, { ...first, id: 'other' }, null)).toBe(false);
    const read = (await getZoomConnection(db, first.uid))!;
    expect(read).toMatchObject({ id: first.id, version: 0 });
    expect(await putZoomConnection(db, { ...first, id: 'second' }, read)).toBe(true);
    // the same read again: the connection changed since
    expect(await putZoomConnection(db, { ...first, id: 'third' }, read)).toBe(false);
    expect(await getZoomConnection(db, first.uid)).toMatchObject({ id: 'second', version: 1 });
  });

  it('refuses a change made on a stale read of the version', async () => {
    const item = connection();
    await putZoomConnection(db, item, null);
    expect(await replaceZoomConnection(db, { ...item, expiresAt: '2999-06-01T11:00:00.000Z' })).toBe(true);
    expect(await replaceZoomConnection(db, { ...item, refreshError: 'invalid_grant' })).toBe(false);
    expect(await getZoomConnection(db, item.uid)).toMatchObject({
      version: 1,
      refreshError: null,
      expiresAt: '2999-06-01T11:00:00.000Z',
    });
  });

  it('links the Zoom user to the user, and moves the link when the user connects another Zoom account', async () => {
    const item = connection();
    await putZoomConnection(db, item, null);
    expect(await usersOfZoomUser(db, item.zoomUserId, 10)).toEqual([item.uid]);
    const other = `zu-${randomUUID()}`;
    await putZoomConnection(db, { ...item, zoomUserId: other }, (await getZoomConnection(db, item.uid))!);
    expect(await usersOfZoomUser(db, item.zoomUserId, 10)).toEqual([]);
    expect(await usersOfZoomUser(db, other, 10)).toEqual([item.uid]);
  });

  it("deletes a connection and its link only when it is still that Zoom user's", async () => {
    const item = connection();
    await putZoomConnection(db, item, null);
    expect(await deleteZoomConnection(db, item.uid, 'zu-someone-else')).toBe(false);
    expect(await getZoomConnection(db, item.uid)).not.toBeNull();
    expect(await deleteZoomConnection(db, item.uid, item.zoomUserId)).toBe(true);
    expect(await getZoomConnection(db, item.uid)).toBeNull();
    expect(await readItem(db, zoomUserKey(item.zoomUserId, item.uid))).toBeNull();
    expect(await deleteZoomConnection(db, item.uid, item.zoomUserId)).toBe(false);
  });

  it('lists connected connections on the refresh index by expiry, and takes an expired one off', async () => {
    const due = connection({ expiresAt: '2999-01-01T10:00:00.000Z' });
    const later = connection({ expiresAt: '2999-01-01T12:00:00.000Z' });
    await putZoomConnection(db, due, null);
    await putZoomConnection(db, later, null);
    const listed = await connectionsDueBefore(db, ['zoom'], new Date('2999-01-01T11:00:00.000Z'), 1_000);
    expect(listed.map((item) => item.uid)).toContain(due.uid);
    expect(listed.map((item) => item.uid)).not.toContain(later.uid);
    await replaceZoomConnection(db, { ...due, refreshError: 'invalid_grant' });
    const after = await connectionsDueBefore(db, ['zoom'], new Date('2999-01-01T11:00:00.000Z'), 1_000);
    expect(after.map((item) => item.uid)).not.toContain(due.uid);
    expect(await readItem(db, zoomConnectionKey(due.uid))).not.toHaveProperty('gsi1pk');
  });
});
