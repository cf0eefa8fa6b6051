import * as z from 'zod/mini';
import { redditPixelIdPattern } from './tracking.js';

/**
 * `GET /config.json` on the web origin (DESIGN §1 "Paths"): written by the deploy, served by the local stack (which
 * parses it with this schema). The web checks it before anything else runs with a zod-free twin of this schema
 * (web/src/modules/config/api/parseWebConfig.ts, held to this schema's verdicts by its test): zod's core on the landing
 * page would cost more than its whole budget allows.
 */
export const webConfigSchema = z.object({
  stage: z.string(),
  apiUrl: z.url(),
  /** the live channel's WebSocket (DESIGN §8): `wss://...` in AWS, `ws://<gateway>/ws` locally; absent: pages poll */
  liveUrl: z.optional(z.url()),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** local only: the cognito-local endpoint (through the token-refresh shim) */
  cognitoEndpoint: z.optional(z.url()),
  /** `USER_PASSWORD_AUTH` locally (cognito-local has no SRP), `USER_SRP_AUTH` on AWS */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** hosted-UI domain, present when a federated provider is configured */
  oauthDomain: z.optional(z.string()),
  identityProviders: z.array(z.enum(['Google', 'Microsoft'])),
  /** which outside services are real and which are the local sandbox (the UI says so) */
  providers: z.record(z.string(), z.enum(['real', 'sandbox'])),
  /**
   * where page visits and named events are sent (SPEC §2 'tracking'); absent: the product's own collector,
   * `POST <apiUrl>/api/track`
   */
  analytics: z.optional(z.object({ endpoint: z.url() })),
  /** the Reddit pixel's advertiser id (`-c redditPixelId=`): its script is loaded, and sent the same events, only then */
  redditPixelId: z.optional(z.string().check(z.regex(redditPixelIdPattern))),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
