/**
 * The one way expressions are written in `lambdas/data/`: attribute names always go through placeholders (many of
 * ours are reserved words: `name`, `status`...), values always through `:v<n>`. Access functions describe an update
 * as data and add their condition with `condition`.
 */

export type UpdateSpec = {
  /** `SET path = :value`; `undefined` values are skipped. A path may be nested: `settings.theme`. */
  set?: Record<string, unknown>;
  /** `SET path = if_not_exists(path, :value)`: written only when the item does not hold it yet */
  setIfMissing?: Record<string, unknown>;
  /** `ADD path :n` (a negative n subtracts); works on an absent attribute, which counts as 0 */
  add?: Record<string, number>;
  /** `REMOVE path` */
  remove?: readonly string[];
};

export type ExpressionParts = {
  names: Record<string, string>;
  values: Record<string, unknown>;
};

/** Collects placeholders for one request (update and condition share them). */
export const expressionParts = () => {
  const parts: ExpressionParts = { names: {}, values: {} };
  const byName = new Map<string, string>();
  const name = (path: string) =>
    path
      .split('.')
      .map((segment) => {
        let placeholder = byName.get(segment);
        if (!placeholder) {
          placeholder = `#n${byName.size}`;
          byName.set(segment, placeholder);
          parts.names[placeholder] = segment;
        }
        return placeholder;
      })
      .join('.');
  const value = (input: unknown) => {
    const placeholder = `:v${Object.keys(parts.values).length}`;
    parts.values[placeholder] = input;
    return placeholder;
  };
  return { parts, name, value };
};

export type Placeholders = ReturnType<typeof expressionParts>;

/** The UpdateExpression of `spec`, with its placeholders registered in `p`. */
export const updateExpression = (p: Placeholders, spec: UpdateSpec) => {
  const sets = [
    ...Object.entries(spec.set ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([path, value]) => `${p.name(path)} = ${p.value(value)}`),
    ...Object.entries(spec.setIfMissing ?? {})
      .filter(([path, value]) => value !== undefined && !(spec.set && path in spec.set))
      .map(([path, value]) => {
        const placeholder = p.name(path);
        return `${placeholder} = if_not_exists(${placeholder}, ${p.value(value)})`;
      }),
  ];
  const adds = Object.entries(spec.add ?? {}).map(([path, amount]) => `${p.name(path)} ${p.value(amount)}`);
  const removes = (spec.remove ?? []).map((path) => p.name(path));
  const clauses = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error('An update must change something');
  return clauses.join(' ');
};

/** Request parameters from placeholders: DynamoDB refuses an empty ExpressionAttributeValues. */
export const expressionAttributes = ({ parts }: Placeholders) => ({
  ExpressionAttributeNames: parts.names,
  ...(Object.keys(parts.values).length ? { ExpressionAttributeValues: parts.values } : {}),
});

/** `UpdateItem` parameters for `key`: the update, and a condition written with the same placeholders. */
export const updateParams = (
  table: string,
  key: Record<string, string>,
  spec: UpdateSpec,
  condition?: (p: Placeholders) => string,
) => {
  const p = expressionParts();
  const UpdateExpression = updateExpression(p, spec);
  const ConditionExpression = condition?.(p);
  return {
    TableName: table,
    Key: key,
    UpdateExpression,
    ...(ConditionExpression ? { ConditionExpression } : {}),
    ...expressionAttributes(p),
  };
};

/** The item exists (every access function that changes an item in place, rather than creating it, checks this). */
export const itemExists = (p: Placeholders) => `attribute_exists(${p.name('pk')})`;

/** The item does not exist yet (creates). */
export const itemMissing = (p: Placeholders) => `attribute_not_exists(${p.name('pk')})`;
