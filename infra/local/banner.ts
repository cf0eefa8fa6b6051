import { relative } from 'node:path';
import type { LocalStack } from './stack.js';

export const bold = (text: string) => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[22m` : text);
export const dim = (text: string) => (process.stdout.isTTY ? `\u001b[2m${text}\u001b[22m` : text);

/** The endpoint without its secret path (`localAwsEndpoint`): the run's secret is for this machine's processes only. */
const withoutSecret = (endpoint: string) => endpoint.replace(/\/_aws\/[^/]+.*$/, '/_aws/…');

/**
 * What `npm start` prints once the stack is up: where each part listens, nothing secret (the gateway's secret path
 * for the SDKs of this machine is left out, as its request log leaves it out).
 */
export const startBanner = (
  stack: Pick<LocalStack, 'webConfig' | 'urls' | 'env' | 'queues' | 'streams' | 'localDir' | 'timings'>,
  seconds: string,
) => {
  const config = stack.webConfig;
  const rows: [string, string][] = [
    ['Web', stack.urls.web],
    ['API', stack.urls.api],
    ['Cognito', `${stack.urls.cognito}  ${dim(`pool ${config.userPoolId}, client ${config.userPoolClientId}`)}`],
    ['DynamoDB', `${stack.urls.dynamodb}  ${dim(`table ${stack.env.TABLE_NAME}`)}`],
    ['S3', `${stack.urls.s3}  ${dim(`bucket ${stack.env.BUCKET_NAME}`)}`],
    ['SQS', `${withoutSecret(stack.urls.sqs)}  ${dim(`queues: ${stack.queues.names().join(', ') || 'none yet'}`)}`],
    ['Streams', dim(`the table's stream to: ${stack.streams.names().join(', ') || 'none yet'}`)],
    ['Sandbox', stack.urls.sandbox],
    ['Data', `${relative(process.cwd(), stack.localDir) || '.'}/  ${dim('(npm run reset wipes it)')}`],
  ];
  const parts = Object.entries(stack.timings)
    .sort(([, a], [, b]) => b - a)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  const width = Math.max(...rows.map(([name]) => name.length));
  return [
    '',
    `  ${bold('Outreach is running locally')}  ${dim(`ready in ${seconds} s (${parts})`)}`,
    '',
    ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
    '',
    `  ${dim('Ctrl-C stops everything.')}`,
    '',
  ].join('\n');
};
