import { DeleteCommand, GetCommand, PutCommand } from './dynamo.js';
import type { Template } from '../../shared/schemas/templates.js';
import { queryAll, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { itemBytes } from './item-size.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's e-mail templates (DESIGN §8 'Templates'), under the user's key (DESIGN §3): `USER#<sub>` /
 * `TEMPLATE#<ulid>`, the wire fields as they are. Another user's id is simply not under this user's key.
 */
export type TemplateItem = Template;

export const templateRecord = 'template';

const sortKeyPrefix = 'TEMPLATE#';

export const templateKey = (uid: string, templateId: string) => ({
  pk: tenantKey(uid),
  sk: `${sortKeyPrefix}${templateId}`,
});

const toItem = (uid: string, template: TemplateItem) => ({
  ...templateKey(uid, template.id),
  entity: templateRecord,
  ...template,
});

const fromItem = (item: Record<string, unknown>): TemplateItem => ({
  id: String(item.id),
  name: String(item.name ?? ''),
  subject: String(item.subject ?? ''),
  body: String(item.body ?? ''),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

/** The size DynamoDB gives a template as stored (item-size.ts): one over `maxItemBytes` cannot be written. */
export const templateItemBytes = (uid: string, template: TemplateItem) => itemBytes(toItem(uid, template));

// one template of a user (GetItem, consistent); null when the user has none of this id
export const getTemplateItem = async (
  db: DataClient,
  uid: string,
  templateId: string,
): Promise<TemplateItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: templateKey(uid, templateId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

// every template of a user (Query on the partition key and `TEMPLATE#`, consistent, paged)
export const listTemplateItems = async (db: DataClient, uid: string): Promise<TemplateItem[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': sortKeyPrefix },
      ConsistentRead: true,
    })
  ).map(fromItem);

// a new template (PutItem on the condition that the id is new)
export const createTemplateItem = async (db: DataClient, uid: string, template: TemplateItem) => {
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: toItem(uid, template),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// a changed template written whole, on the condition that it still exists; false when it was deleted meanwhile
export const replaceTemplateItem = (db: DataClient, uid: string, template: TemplateItem) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(uid, template),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );

// removes a template (DeleteItem on the condition that it exists); false when the user had none of this id
export const deleteTemplateItem = (db: DataClient, uid: string, templateId: string) =>
  writtenIf(
    db.documents.send(
      new DeleteCommand({
        TableName: db.table,
        Key: templateKey(uid, templateId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
