import type { Template } from 'aws-cdk-lib/assertions';

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };
type Intrinsic = { Ref?: string; 'Fn::GetAtt'?: [string, string] };

export type TemplateMethod = {
  logicalId: string;
  httpMethod: string;
  path: string;
  properties: Record<string, unknown>;
};

export const resourcesOf = (template: Template, type: string): [string, Resource][] =>
  Object.entries(template.findResources(type) as Record<string, Resource>);

/** Every API Gateway method with the full path of its resource, e.g. `GET /api/profiles/settings`. */
export const apiMethods = (template: Template): TemplateMethod[] => {
  const resources = Object.fromEntries(resourcesOf(template, 'AWS::ApiGateway::Resource'));
  const pathOf = (ref: Intrinsic): string => {
    if (ref['Fn::GetAtt']?.[1] === 'RootResourceId') return '';
    const resource = ref.Ref ? resources[ref.Ref] : undefined;
    if (!resource?.Properties) throw new Error(`Unknown API resource ${JSON.stringify(ref)}`);
    return `${pathOf(resource.Properties.ParentId as Intrinsic)}/${String(resource.Properties.PathPart)}`;
  };
  return resourcesOf(template, 'AWS::ApiGateway::Method').map(([logicalId, method]) => {
    const properties = method.Properties ?? {};
    return {
      logicalId,
      httpMethod: String(properties.HttpMethod),
      path: pathOf(properties.ResourceId as Intrinsic) || '/',
      properties,
    };
  });
};

/** The logical ids an intrinsic (or any nested structure) references through Ref or Fn::GetAtt. */
export const referencedIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.Ref === 'string') return [record.Ref];
    const getAtt = record['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return [getAtt[0]];
    return Object.values(record).flatMap(referencedIds);
  }
  return [];
};

/** Concatenates the literal parts of an `Fn::Join` (tokens become `<id>`), to read a built string. */
export const joined = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map(joined).join(separator);
  }
  return `<${referencedIds(value).join(',')}>`;
};

export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/**
 * The statements of every policy of a type (@default IAM policies); with `attachedTo`, only of the policies whose
 * `property` (e.g. `Bucket`, `Queues`) references that logical id.
 */
export const policyStatements = (
  template: Template,
  type = 'AWS::IAM::Policy',
  attachedTo?: { property: string; logicalId: string },
): Statement[] =>
  resourcesOf(template, type)
    .filter(
      ([, policy]) =>
        !attachedTo || referencedIds(policy.Properties?.[attachedTo.property]).includes(attachedTo.logicalId),
    )
    .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);

/** The environment variables of a Lambda function. */
export const environmentOf = (template: Template, functionId: string): Record<string, unknown> => {
  const fn = Object.fromEntries(resourcesOf(template, 'AWS::Lambda::Function'))[functionId];
  return (fn?.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
};

/** Deny without TLS, as `enforceSSL` writes it. */
export const denyWithoutTls = { Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } };
