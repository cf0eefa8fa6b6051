import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import * as profiles from './service.js';

const config = readConfig();
const logger = createLogger('profiles');
const deps: profiles.ProfilesDeps = {
  db: createDataClient(config.tableName),
  now: () => new Date(),
  newReferralCode: profiles.newReferralCode,
  documentUrl: async () => '',
};

/**
 * Cognito PostConfirmation trigger (DESIGN §2): the profile exists with the new-user defaults as soon as the account
 * is confirmed, before the web's first sync. Password resets also confirm; they change nothing here.
 */
export const handler = async (event: PostConfirmationTriggerEvent) => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const uid = attributes.sub;
  if (!uid) throw new Error('PostConfirmation event without a sub');
  await profiles.syncUser(
    deps,
    { uid, email: attributes.email ?? '', ...(attributes.name ? { name: attributes.name } : {}) },
    {},
  );
  logger.info('profile created on confirmation', { userId: uid });
  return event;
};
