import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Local-only Cognito PreSignUp trigger (DESIGN §2): a local sign-up is confirmed and its e-mail verified at once, so a
 * newcomer can sign in without a code. cognito-local then runs the product's PostConfirmation trigger, as Cognito does
 * after a confirmation. Never deployed: the CDK stack keeps e-mail verification.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
};
