import { Logger } from '@aws-lambda-powertools/logger';

/** Tests only: a Powertools logger whose structured lines are kept (parsed) instead of printed. */
export const capturingLogger = (serviceName = 'test') => {
  const logger = new Logger({ serviceName, logLevel: 'INFO' });
  const lines: Record<string, unknown>[] = [];
  const keep = (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>);
  // the logger prints through its own console (Logger.printLog); these keep what it would print
  Object.assign(logger, { console: { info: keep, warn: keep, error: keep, debug: keep, log: keep, trace: keep } });
  return { logger, lines };
};
