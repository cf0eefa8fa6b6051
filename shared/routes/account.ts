import { accountExportLinkSchema, deleteAccountBody, deleteAccountResponse } from '../schemas/account.js';
import type { DomainRouteTable } from './route-spec.js';

/** The account Lambda's routes: DESIGN §6 "Your data". */
export const accountRoutes = {
  'GET /api/account/export': {
    domain: 'account',
    auth: 'user',
    summary: 'Everything held about the user as one JSON document, answered as a short-lived download link',
    response: accountExportLinkSchema,
  },
  'DELETE /api/account': {
    domain: 'account',
    auth: 'user',
    summary: "Delete the account: every item under the user's key, every stored file, the Cognito user",
    body: deleteAccountBody,
    response: deleteAccountResponse,
  },
} as const satisfies DomainRouteTable<'account'>;
