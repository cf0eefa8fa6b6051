import { describe, expect, it } from 'vitest';
import { tenantKey, tenantOf } from './keys.js';

describe('the tenant key', () => {
  it('reads back the user it was built for, whatever the id holds', () => {
    for (const uid of ['a1b2c3', 'us-east-1:4f7c', 'USER#nested', '']) expect(tenantOf(tenantKey(uid))).toBe(uid);
  });

  it('names no user for an item outside every user partition', () => {
    expect(tenantOf('SHARED#https://www.linkedin.com/in/ada')).toBeNull();
    expect(tenantOf('IDEMPOTENCY#email-lookup:u:c:1')).toBeNull();
    expect(tenantOf('user#lowercase')).toBeNull();
  });
});
