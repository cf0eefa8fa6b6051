import { mailboxesRoutes } from '../../shared/routes/mailboxes.js';
import { readConfig } from '../core/config.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { mailboxesDepsFromEnv } from './deps.js';
import * as mailboxes from './service.js';

const config = readConfig();
const logger = createLogger('mailboxes');
const deps = mailboxesDepsFromEnv(logger);

/** The mailboxes Lambda: SPEC §7 'E-mail connections' and 'OAuth', DESIGN §8 'Mailboxes'. */
export const handler = httpHandler(
  mailboxesRoutes,
  {
    'GET /api/email-connections': ({ userId }) => mailboxes.listConnections(deps, userId),
    'GET /api/email-connections/default': ({ userId }) => mailboxes.getDefaultConnection(deps, userId),
    'GET /api/email-connections/count': ({ userId }) => mailboxes.countConnections(deps, userId),
    'GET /api/email-connections/email/{email}': ({ userId, params }) =>
      mailboxes.getConnectionByEmail(deps, userId, params.email),
    'POST /api/email-connections': async ({ userId, body }) =>
      created(await mailboxes.createConnection(deps, userId, body)),
    'GET /api/email-connections/{id}/tokens': ({ userId, params }) =>
      mailboxes.connectionTokenState(deps, userId, params.id),
    // the purpose changes nothing yet: every token of a mailbox carries the scopes it was granted
    'POST /api/email-connections/{id}/tokens': ({ userId, params }) =>
      mailboxes.connectionTokenState(deps, userId, params.id),
    'POST /api/email-connections/default/tokens': ({ userId }) => mailboxes.defaultConnectionTokenState(deps, userId),
    'POST /api/email-connections/{id}/refresh': ({ userId, params }) =>
      mailboxes.refreshConnection(deps, userId, params.id),
    'POST /api/email-connections/{id}/default': ({ userId, params }) => mailboxes.makeDefault(deps, userId, params.id),
    'POST /api/email-connections/{id}/validate': ({ userId, params }) =>
      mailboxes.validateConnection(deps, userId, params.id),
    'DELETE /api/email-connections/{id}': ({ userId, params }) => mailboxes.disconnect(deps, userId, params.id),
    'POST /api/email-connections/oauth/init': ({ userId, body }) => mailboxes.startSignIn(deps, userId, body),
    'POST /api/email-connections/oauth/callback-public': ({ body }) => mailboxes.finishPublicSignIn(deps, body),
    'POST /api/email-connections/silent-refresh': ({ userId, body }) =>
      mailboxes.silentRefresh(deps, userId, body.email),
    'POST /exchange_google_code': ({ userId, body }) => mailboxes.exchangeGoogleCode(deps, userId, body),
    'POST /api/oauth/initiate': async ({ userId, body }) => {
      const started = await mailboxes.startSignIn(deps, userId, body);
      return { auth_url: started.authUrl, authUrl: started.authUrl, state: started.state };
    },
    'POST /api/oauth/callback': ({ userId, body }) => mailboxes.finishOwnSignIn(deps, userId, body),
  },
  { logger, corsOrigin: config.corsOrigin },
);
