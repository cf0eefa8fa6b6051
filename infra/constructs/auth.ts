import { Annotations, Aws, Duration, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { appName, type FederatedProvider, type StageConfig } from '../config.js';

export type AuthProps = {
  config: StageConfig;
  /** the web origin: where the hosted UI sends users back after a federated sign-in */
  webOrigin: string;
  /** creates the profile once an account is confirmed (DESIGN §2) */
  postConfirmation: lambda.IFunction;
};

/**
 * Identity (DESIGN §2): a Cognito user pool with e-mail sign-in and one app client for the web (SRP only, no secret:
 * the password never leaves the browser; USER_PASSWORD_AUTH is the local stack's alone, whose cognito-local has no
 * SRP). Google and Microsoft join through the hosted UI only when their client ids are given as context; their client
 * secrets are read from Secrets Manager by name at deploy time.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly identityProviders: FederatedProvider[] = [];
  /** the hosted-UI domain (`<prefix>.auth.<region>.amazoncognito.com`), when a federated provider is configured */
  readonly hostedUiDomain: string | undefined;
  /** origins the browser calls for sign-in (for the CSP) */
  readonly origins: string[];

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${appName}-${config.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection (compromised credentials, adaptive authentication) needs the Plus plan: on for every
      // durable stage; a throwaway dev pool stays on Essentials.
      featurePlan: config.durable ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(config.durable && { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }),
      lambdaTriggers: { postConfirmation: props.postConfirmation },
      deletionProtection: config.durable,
      removalPolicy: config.durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        "SPEC's sign-in is e-mail and password with no second-factor step; MFA stays optional (TOTP) for users who want it",
    });
    if (!config.durable) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason: 'The disposable dev pool stays on the Essentials plan; durable stages use Plus with threat protection',
      });
    }

    const providers = this.addIdentityProviders(config);
    const federated = providers.length > 0;
    const region = Aws.REGION;
    const domainPrefix = config.authDomainPrefix ?? `${appName}-${config.stage}-${Aws.ACCOUNT_ID}`;
    if (federated) {
      this.userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix } });
      this.hostedUiDomain = `${domainPrefix}.auth.${region}.amazoncognito.com`;
    }

    // The web finishes a hosted-UI sign-in on /signin (web/src/modules/auth/api/amplifyAuth.ts) and returns there.
    const returnUrls = [`${props.webOrigin}/signin`];
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        ...providers.map((provider) => cognito.UserPoolClientIdentityProvider.custom(provider.providerName)),
      ],
      // Without a federated provider there is no hosted UI: OAuth stays off (CDK would otherwise enable the
      // implicit and code flows with a placeholder callback).
      disableOAuth: !federated,
      ...(federated && {
        oAuth: {
          flows: { authorizationCodeGrant: true },
          scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
          callbackUrls: returnUrls,
          logoutUrls: returnUrls,
        },
      }),
    });
    for (const provider of providers) this.client.node.addDependency(provider);

    this.origins = [
      `https://cognito-idp.${region}.${Aws.URL_SUFFIX}`,
      ...(this.hostedUiDomain ? [`https://${this.hostedUiDomain}`] : []),
    ];
  }

  private addIdentityProviders(config: StageConfig): cognito.IUserPoolIdentityProvider[] {
    const added: cognito.IUserPoolIdentityProvider[] = [];
    if (config.google) {
      added.push(
        new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: config.google.clientId,
          clientSecretValue: SecretValue.secretsManager(config.google.secretName),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            fullname: cognito.ProviderAttribute.GOOGLE_NAME,
            givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
            // SPEC §3 photoURL: the Google picture shows until the user uploads a photo (lambdas/profiles syncUser)
            profilePicture: cognito.ProviderAttribute.GOOGLE_PICTURE,
          },
        }),
      );
      this.identityProviders.push('Google');
    }
    if (config.microsoft) {
      const { tenant } = config.microsoft;
      if (tenant === 'common') {
        Annotations.of(this).addWarningV2(
          `${appName}:microsoft-common-tenant`,
          "Microsoft sign-in uses the 'common' issuer; Cognito checks the ID token's issuer, which Microsoft sets to " +
            'the signing tenant. Set -c microsoftTenantId=<tenant id> for a single-tenant app if sign-in is refused.',
        );
      }
      added.push(
        new cognito.UserPoolIdentityProviderOidc(this, 'Microsoft', {
          userPool: this.userPool,
          name: 'Microsoft',
          clientId: config.microsoft.clientId,
          // A CloudFormation dynamic reference, resolved by CloudFormation at deploy time: never in the template.
          clientSecret: SecretValue.secretsManager(config.microsoft.secretName).unsafeUnwrap(),
          issuerUrl: `https://login.microsoftonline.com/${tenant}/v2.0`,
          scopes: ['openid', 'email', 'profile'],
          attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
          // Microsoft's `email` claim is whatever a tenant's admin typed: not verified. Cognito marks it verified only
          // when the token says its domain's owner verified it (the optional claim `xms_edov`, added under the app
          // registration's Token configuration); otherwise the address stays unverified and the product does not
          // take it as the user's (lambdas/core/identity.ts).
          attributeMapping: {
            email: cognito.ProviderAttribute.other('email'),
            emailVerified: cognito.ProviderAttribute.other('xms_edov'),
            fullname: cognito.ProviderAttribute.other('name'),
            givenName: cognito.ProviderAttribute.other('given_name'),
            familyName: cognito.ProviderAttribute.other('family_name'),
          },
        }),
      );
      this.identityProviders.push('Microsoft');
    }
    return added;
  }
}
