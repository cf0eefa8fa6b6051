import { checkoutStartRecord } from './billing.js';
import { directoryRecord } from './contact-directory.js';
import { conversationThreadRecord } from './conversation.js';
import { liveConnectionRecord } from './live-connection.js';
import { mailSyncRecord } from './mail-sync.js';
import { mailboxAddressRecord, mailboxDefaultRecord } from './mailbox.js';
import { oauthPendingRecord } from './oauth-state.js';
import { rateLimitRecord } from './rate-limit.js';
import { referralMonthRecord } from './referral.js';
import { sendGuardRecord } from './send-guard.js';
import { statsConversationRecord, statsDayRecord, statsRecord } from './stats.js';

/**
 * Records that only serve reads (derived from the others, rebuilt from them) or the machinery (a browser tab's open
 * live connection, a mailbox's address guard and the default pointer, a pending sign-in, a rate limit): not the owner's data to
 * export. Apart from user-partition.ts, which the entities themselves use, so no entity imports a module that imports it.
 */
const notOwnerRecords = (): ReadonlySet<unknown> =>
  new Set([
    directoryRecord,
    liveConnectionRecord,
    mailboxAddressRecord,
    mailboxDefaultRecord,
    oauthPendingRecord,
    // how much of a costly action the user has left (lambdas/data/rate-limit.ts), the latest Checkout start
    rateLimitRecord,
    checkoutStartRecord,
    // the referrer's counter of rewarded referrals per month (derived from the REFERRED# items, which are exported)
    referralMonthRecord,
    // A thread's pointer to its conversation, a mailbox's sending-guard counters and its reply-check cursor
    conversationThreadRecord,
    sendGuardRecord,
    mailSyncRecord,
    // The dashboard's counters, derived from the user's contacts, drafts, conversations and meetings
    statsRecord,
    statsDayRecord,
    statsConversationRecord,
  ]);

/** Whether an item of a user's partition is the owner's data rather than a derived record. */
export const isOwnerRecord = (item: Record<string, unknown>) => !notOwnerRecords().has(item.entity);
