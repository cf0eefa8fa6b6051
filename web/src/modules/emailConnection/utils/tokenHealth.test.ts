import { describe, expect, it } from 'vitest';
import { shouldTriggerRefresh, tokenHealthA, tokenHealthB, tokenHealthLevel, tokenHealthTextKey } from './tokenHealth';

const now = Date.UTC(2026, 0, 10, 12);
const minute = 60_000;
const inMinutes = (minutes: number) => new Date(now + minutes * minute).toISOString();

describe('tokenHealthA (reading A)', () => {
  it('labels a token by the time it has left: expired, critical under 5 min, refresh under 1 h, valid beyond', () => {
    expect(tokenHealthA({ expiry: inMinutes(0) }, now)).toBe('expired');
    expect(tokenHealthA({ expiry: inMinutes(-5) }, now)).toBe('expired');
    expect(tokenHealthA({ expiry: inMinutes(4) }, now)).toBe('critical');
    expect(tokenHealthA({ expiry: inMinutes(5) }, now)).toBe('refresh');
    expect(tokenHealthA({ expiry: inMinutes(59) }, now)).toBe('refresh');
    expect(tokenHealthA({ expiry: inMinutes(60) }, now)).toBe('valid');
  });

  it('calls an expiry more than 365 days ahead invalid', () => {
    expect(tokenHealthA({ expiry: inMinutes(366 * 24 * 60) }, now)).toBe('invalid_future');
    expect(tokenHealthA({ expiry: inMinutes(364 * 24 * 60) }, now)).toBe('valid');
  });

  it('forces expired on an invalid_grant or auth_failure_on_send refresh error, whatever the expiry', () => {
    expect(tokenHealthA({ expiry: inMinutes(120), refreshError: 'invalid_grant' }, now)).toBe('expired');
    expect(tokenHealthA({ expiry: inMinutes(120), refreshError: 'auth_failure_on_send' }, now)).toBe('expired');
    expect(tokenHealthA({ expiry: inMinutes(120), refreshError: 'network_error' }, now)).toBe('valid');
  });

  it('says a refresh is needed when the expiry is missing', () => {
    expect(tokenHealthA({ expiry: null }, now)).toBe('refresh');
    expect(tokenHealthA({ expiry: 'not a date' }, now)).toBe('refresh');
  });
});

describe('tokenHealthB (reading B)', () => {
  it('needs a refresh under 10 min, is critical under 2 min, expired when past', () => {
    expect(tokenHealthB({ expiry: inMinutes(30) }, now)).toEqual({ status: 'valid', silentRefresh: false });
    expect(tokenHealthB({ expiry: inMinutes(9) }, now)).toEqual({ status: 'needs_refresh', silentRefresh: false });
    expect(tokenHealthB({ expiry: inMinutes(4) }, now)).toEqual({ status: 'needs_refresh', silentRefresh: true });
    expect(tokenHealthB({ expiry: inMinutes(1) }, now)).toEqual({ status: 'critical', silentRefresh: true });
    expect(tokenHealthB({ expiry: inMinutes(-1) }, now).status).toBe('expired');
  });
});

describe('tokenHealthLevel', () => {
  it('is normal for a token fresh from a refresh (1 h), though reading A calls it refresh', () => {
    expect(tokenHealthA({ expiry: inMinutes(59) }, now)).toBe('refresh');
    expect(tokenHealthLevel({ expiry: inMinutes(59) }, now)).toBe('normal');
  });

  it('takes critical and refresh from reading B, expired from either reading', () => {
    expect(tokenHealthLevel({ expiry: inMinutes(1) }, now)).toBe('critical');
    expect(tokenHealthLevel({ expiry: inMinutes(8) }, now)).toBe('refresh');
    expect(tokenHealthLevel({ expiry: inMinutes(-1) }, now)).toBe('expired');
    expect(tokenHealthLevel({ expiry: inMinutes(50), refreshError: 'invalid_grant' }, now)).toBe('expired');
    expect(tokenHealthLevel({ expiry: inMinutes(400 * 24 * 60) }, now)).toBe('expired');
  });

  it("names the §8 text of the level, and the invalid expiry's own", () => {
    expect(tokenHealthTextKey({ expiry: inMinutes(59) }, now)).toBeNull();
    expect(tokenHealthTextKey({ expiry: inMinutes(1) }, now)).toBe('critical');
    expect(tokenHealthTextKey({ expiry: inMinutes(8) }, now)).toBe('refresh');
    expect(tokenHealthTextKey({ expiry: inMinutes(-1) }, now)).toBe('expired');
    expect(tokenHealthTextKey({ expiry: inMinutes(400 * 24 * 60) }, now)).toBe('invalid_future');
  });
});

describe('shouldTriggerRefresh', () => {
  it('triggers for a critical or refresh level', () => {
    expect(shouldTriggerRefresh({ expiry: inMinutes(1) }, null, now)).toBe(true);
    expect(shouldTriggerRefresh({ expiry: inMinutes(8) }, null, now)).toBe(true);
  });

  it('never triggers for a fresh, an expired or a revoked token', () => {
    expect(shouldTriggerRefresh({ expiry: inMinutes(60) }, null, now)).toBe(false);
    expect(shouldTriggerRefresh({ expiry: inMinutes(59) }, null, now)).toBe(false);
    expect(shouldTriggerRefresh({ expiry: inMinutes(-1) }, null, now)).toBe(false);
    expect(shouldTriggerRefresh({ expiry: inMinutes(8), refreshError: 'invalid_grant' }, null, now)).toBe(false);
  });

  it('triggers at most once for one expiry value, so a refresh answering the same expiry does not loop', () => {
    const facts = { expiry: inMinutes(8) };
    expect(shouldTriggerRefresh(facts, facts.expiry, now)).toBe(false);
    expect(shouldTriggerRefresh(facts, inMinutes(7), now)).toBe(true);
  });
});
