import { Aws, Duration, RemovalPolicy, Size, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { messages } from '../../shared/messages.js';
import { routeEntries, type Domain } from '../../shared/routes.js';
import { appName, type StageConfig } from '../config.js';
import { AppFunction, type DomainAccess, lambdaEntry } from './function.js';

export type RouteEntry = ReturnType<typeof routeEntries>[number];

export type ApiProps = {
  config: StageConfig;
  userPool: cognito.IUserPool;
  /** the only origin allowed by CORS */
  webOrigin: string;
  access: DomainAccess;
  /** @default every route of shared/routes.ts */
  routes?: RouteEntry[];
  /**
   * Where the domains' functions are made (@default the API itself): the stack gives a nested stack, as the API's
   * resources and methods fill most of the top stack's 500
   */
  functionScope?: Construct;
};

/** Headers a browser may send: JSON bodies and the Cognito ID token. */
const allowHeaders = ['Content-Type', 'Authorization'];

/** `"{param}"` segments of a path, as API Gateway request parameters. */
const pathParameters = (path: string) =>
  Object.fromEntries([...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => [`method.request.path.${match[1]}`, true]));

/** How cdk-nag names an AWS managed policy in its findings. */
const awsManagedPolicy = (name: string) => `arn:<AWS::Partition>:iam::aws:policy/${name}`;

const envelope = (error: string, code: string) => JSON.stringify({ success: false, error, code });

/**
 * The REST API, built from the route table (DESIGN §1): a resource for every path segment, a method per route
 * integrated with its domain's Lambda (one house function per domain, `lambdas/<domain>/http.ts`), a Cognito
 * authorizer on every `user` route and none on `public` ones, CORS for the web origin only, the envelope of DESIGN §1
 * on the gateway's own errors (a missing or bad token answers 401 'Authentication required', SPEC §5), stage
 * throttling, access and execution logs.
 */
export class Api extends Construct {
  readonly restApi: apigw.RestApi;
  readonly functions = new Map<Domain, AppFunction>();
  /** the invoke URL without a trailing slash, e.g. `https://abc.execute-api.eu-west-1.amazonaws.com/dev` */
  readonly url: string;
  /** `https://<id>.execute-api.<region>.amazonaws.com` (for the CSP) */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config, webOrigin } = props;
    const routes = props.routes ?? routeEntries();

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.durable ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_WEEK,
      removalPolicy: config.durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.restApi = new apigw.RestApi(this, 'RestApi', {
      restApiName: `${appName}-${config.stage}`,
      description: `${appName} ${config.stage}: every route of shared/routes.ts`,
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      minCompressionSize: Size.kibibytes(1),
      // Execution logs need the account-level API Gateway role (AWS::ApiGateway::Account).
      cloudWatchRole: true,
      deployOptions: {
        stageName: config.stage,
        throttlingRateLimit: config.durable ? 100 : 20,
        throttlingBurstLimit: config.durable ? 200 : 40,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: true,
        }),
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        // request and response bodies carry personal data and tokens: never in the execution log
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
      },
    });
    Validations.of(this.restApi).acknowledge({
      id: `AwsSolutions-IAM4[Policy::${awsManagedPolicy('service-role/AmazonAPIGatewayPushToCloudWatchLogs')}]`,
      reason: "The account-level API Gateway logging role uses AWS's managed policy made for exactly this purpose",
    });

    const authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      // ID token (DESIGN §2): the handler takes the user id from its verified `sub`
      identitySource: apigw.IdentitySource.header('Authorization'),
      resultsCacheTtl: Duration.minutes(5),
    });
    // The gateway checks the declared path parameters. It checks bodies only against request models and declares
    // none: bodies and queries are validated by the route's zod schema in the handler, which answers the spec's 400
    // envelope naming the failing fields.
    const requestValidator = this.restApi.addRequestValidator('Validator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    this.addGatewayResponses(webOrigin);

    const functionOf = (domain: Domain) => {
      const existing = this.functions.get(domain);
      if (existing) return existing;
      const fn = new AppFunction(props.functionScope ?? this, pascal(domain), {
        config,
        service: domain,
        entry: lambdaEntry(domain, 'http'),
        description: `HTTP routes of the ${domain} domain`,
      }).addEnvironment('CORS_ORIGIN', webOrigin);
      props.access[domain](fn);
      this.functions.set(domain, fn);
      return fn;
    };
    const integrations = new Map<Domain, apigw.LambdaIntegration>();
    const integrationOf = (domain: Domain) => {
      const existing = integrations.get(domain);
      if (existing) return existing;
      // one invoke permission per function for the whole API, not one per route (Lambda policies are capped at 20 KB)
      const integration = new apigw.LambdaIntegration(functionOf(domain).fn, { scopePermissionToMethod: false });
      integrations.set(domain, integration);
      return integration;
    };

    const methodsByResource = new Map<apigw.IResource, string[]>();
    for (const route of routes) {
      const resource = this.restApi.root.resourceForPath(route.path);
      const method = resource.addMethod(route.method, integrationOf(route.domain), {
        operationName: route.summary,
        requestValidator,
        requestParameters: pathParameters(route.path),
        ...(route.auth === 'user'
          ? { authorizer, authorizationType: apigw.AuthorizationType.COGNITO }
          : { authorizationType: apigw.AuthorizationType.NONE }),
      });
      if (route.auth === 'public') {
        for (const rule of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
          Validations.of(method).acknowledge({
            id: rule,
            reason: `${route.key} is public in the route table (shared/routes.ts): ${route.summary}`,
          });
        }
      }
      methodsByResource.set(resource, [...(methodsByResource.get(resource) ?? []), route.method]);
    }
    for (const [resource, methods] of methodsByResource) {
      resource.addCorsPreflight({
        allowOrigins: [webOrigin],
        allowMethods: methods,
        allowHeaders,
        maxAge: Duration.hours(1),
      });
    }

    this.origin = `https://${this.restApi.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.url = `${this.origin}/${this.restApi.deploymentStage.stageName}`;
  }

  /**
   * The gateway answers some requests itself (no or bad token, unknown path, throttling, integration failure): those
   * answers carry the envelope of DESIGN §1 and the CORS headers, so the web can read them like any other error.
   */
  private addGatewayResponses(webOrigin: string) {
    const responseHeaders = {
      'Access-Control-Allow-Origin': `'${webOrigin}'`,
      'Access-Control-Allow-Headers': `'${allowHeaders.join(',')}'`,
      Vary: "'Origin'",
      'Cache-Control': "'no-store'",
    };
    const respond = (
      id: string,
      type: apigw.ResponseType,
      statusCode: string | undefined,
      error: string,
      code: string,
    ) =>
      this.restApi.addGatewayResponse(id, {
        type,
        ...(statusCode && { statusCode }),
        responseHeaders,
        templates: { 'application/json': envelope(error, code) },
      });
    // SPEC §5: without a token, or with a bad or expired one, every `user` route answers 401
    respond('Unauthorized', apigw.ResponseType.UNAUTHORIZED, '401', messages.auth.required, 'unauthorized');
    respond('AccessDenied', apigw.ResponseType.ACCESS_DENIED, '403', messages.status[403], 'forbidden');
    // API Gateway says 403 'Missing Authentication Token' for a path it does not know: that is a 404
    respond(
      'UnknownPath',
      apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      '404',
      messages.routing.notFound,
      'not_found',
    );
    respond('Throttled', apigw.ResponseType.THROTTLED, '429', messages.status[429], 'rate_limited');
    respond('Default4xx', apigw.ResponseType.DEFAULT_4XX, undefined, messages.status[400], 'bad_request');
    respond('Default5xx', apigw.ResponseType.DEFAULT_5XX, undefined, messages.status[500], 'server_error');
  }
}

const pascal = (text: string) =>
  text
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
