import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import type { EmailConnection } from '../api/emailConnectionsApi';
import { loadDefaultConnection } from './loadDefaultConnection';

const mailbox: EmailConnection = {
  id: 'm1',
  email: 'ada@gmail.com',
  provider: 'gmail',
  status: 'connected',
  isDefault: true,
  expiry: '2026-01-10T13:00:00.000Z',
  refreshError: null,
  connectedAt: '2026-01-10T12:00:00.000Z',
  lastSynced: null,
};

const serverError = () => new ApiError({ status: 500, code: 'server_error', message: 'Server error.' });

describe('loadDefaultConnection', () => {
  it('tries 3 times, 2 s apart, while the server fails, then answers the connection', async () => {
    const fetchDefault = vi
      .fn<() => Promise<EmailConnection>>()
      .mockRejectedValueOnce(serverError())
      .mockRejectedValueOnce(serverError())
      .mockResolvedValueOnce(mailbox);
    const sleep = vi.fn(async (_ms: number) => {});
    await expect(loadDefaultConnection(fetchDefault, { sleep })).resolves.toEqual(mailbox);
    expect(sleep.mock.calls).toEqual([[2_000], [2_000]]);
  });

  it('throws the last failure after the third attempt', async () => {
    const fetchDefault = vi.fn(async () => Promise.reject(serverError()));
    await expect(loadDefaultConnection(fetchDefault, { sleep: async () => {} })).rejects.toMatchObject({ status: 500 });
    expect(fetchDefault).toHaveBeenCalledTimes(3);
  });

  it('answers null (disconnected) on a 404 without another attempt', async () => {
    const fetchDefault = vi.fn(async () =>
      Promise.reject(new ApiError({ status: 404, code: 'not_found', message: 'Not found' })),
    );
    await expect(loadDefaultConnection(fetchDefault, { sleep: async () => {} })).resolves.toBeNull();
    expect(fetchDefault).toHaveBeenCalledTimes(1);
  });

  it('does not try again after another client error', async () => {
    const fetchDefault = vi.fn(async () =>
      Promise.reject(new ApiError({ status: 403, code: 'forbidden', message: 'No' })),
    );
    await expect(loadDefaultConnection(fetchDefault, { sleep: async () => {} })).rejects.toMatchObject({ status: 403 });
    expect(fetchDefault).toHaveBeenCalledTimes(1);
  });
});
