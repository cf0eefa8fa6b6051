import * as z from 'zod';

/** What every Lambda reads from its environment, validated once at cold start. */
const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  BUCKET_NAME: z.string().min(1).optional(),
  STAGE: z.string().min(1).default('local'),
  /** the web origin allowed by CORS, e.g. https://d123.cloudfront.net or http://localhost:5173 */
  CORS_ORIGIN: z.string().min(1).default('*'),
  APP_VERSION: z.string().default('dev'),
});

export type Config = {
  tableName: string;
  bucketName: string | undefined;
  stage: string;
  corsOrigin: string;
  version: string;
};

export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Lambda environment is incomplete: ${names}`);
  }
  return {
    tableName: parsed.data.TABLE_NAME,
    bucketName: parsed.data.BUCKET_NAME,
    stage: parsed.data.STAGE,
    corsOrigin: parsed.data.CORS_ORIGIN,
    version: parsed.data.APP_VERSION,
  };
};
