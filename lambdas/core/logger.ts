import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per Lambda; the service name is the domain. Level from `LOG_LEVEL` (@default INFO). */
export const createLogger = (serviceName: string) =>
  new Logger({ serviceName, logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO' });
