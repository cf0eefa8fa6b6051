import { enrichmentVendor } from './enrichment.js';
import { gmailVendor } from './gmail-api.js';
import { googleVendor } from './google.js';
import { graphDraftsVendor } from './graph-drafts.js';
import { graphMailVendor } from './graph-mail.js';
import { mailControlVendor } from './mail-page.js';
import { mailPushVendor } from './mail-push.js';
import { microsoftVendor } from './microsoft.js';
import { openAiVendor } from './openai.js';
import { perplexityVendor } from './perplexity.js';
import type { SandboxVendor } from './router.js';
import { sesVendor } from './ses.js';
import { stripeVendor } from './stripe.js';
import { verificationVendor } from './verification.js';
import { zoomVendor } from './zoom.js';

/**
 * The vendors the sandbox speaks (DESIGN §5), one file each beside this one (`google.ts`, `microsoft.ts`,
 * `openai.ts`, `zoom.ts`, `stripe.ts`, ...). Add a vendor by importing its file here.
 */
export const sandboxVendors: SandboxVendor[] = [
  openAiVendor,
  verificationVendor,
  enrichmentVendor,
  perplexityVendor,
  googleVendor,
  gmailVendor,
  mailControlVendor,
  mailPushVendor,
  microsoftVendor,
  // before graph-mail: its Drafts folder route comes before graph-mail's route of any folder
  graphDraftsVendor,
  graphMailVendor,
  zoomVendor,
  stripeVendor,
  sesVendor,
];
