import { describe, expect, it } from 'vitest';
import { parseCodeDelivery } from './emulator.js';

describe('cognito-local code deliveries', () => {
  it('reads the code, address and action out of the box cognito-local logs', () => {
    const logged = `[1795292882256] INFO: 9ba92c20 ForgotPassword ╭──────────╮
│   Confirmation Code Delivery                          │
│   Username:    c864f42c-4c4c-4265-b3d7-ccac68d41763   │
│   Destination: fp@example.com            │
│   Code:        324753                                 │
╰──────────╯ {"reqId":"9ba92c20","target":"ForgotPassword"}`;
    expect(parseCodeDelivery(logged)).toEqual({
      action: 'ForgotPassword',
      destination: 'fp@example.com',
      code: '324753',
    });
  });

  it('ignores every other line', () => {
    expect(parseCodeDelivery('INFO: NONE NONE Cognito Local running on http://127.0.0.1:9230')).toBeUndefined();
  });
});
