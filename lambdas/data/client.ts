import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

/** What every entity needs: the SDK client and the table's name. Built once per Lambda and passed in (STYLE §10). */
export type DataClient = { client: DynamoDBClient; table: string };

/**
 * The DynamoDB client of a Lambda. The endpoint comes from the SDK's own `AWS_ENDPOINT_URL_DYNAMODB` when set
 * (DynamoDB Local), so the same code runs locally and in AWS. @default region from the environment
 */
export const createDataClient = (table: string, config: DynamoDBClientConfig = {}): DataClient => ({
  client: new DynamoDBClient({ maxAttempts: 3, ...config }),
  table,
});
