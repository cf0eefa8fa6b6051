import { relative } from 'node:path';
import { PortInUseError } from './net.js';
import { StackRunningError } from './lock.js';
import { startLocalStack, type LocalStack } from './stack.js';

/**
 * `npm start`: the whole system on one machine (DESIGN §7), nothing to configure. Ctrl-C stops every server and
 * emulator it started. Ports and the data folder can be moved with LOCAL_*_PORT and LOCAL_DIR (infra/local/ports.ts).
 */
const bold = (text: string) => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[22m` : text);
const dim = (text: string) => (process.stdout.isTTY ? `\u001b[2m${text}\u001b[22m` : text);

const table = (stack: LocalStack, seconds: string) => {
  const config = stack.webConfig;
  const rows: [string, string][] = [
    ['Web', stack.urls.web],
    ['API', stack.urls.api],
    ['Cognito', `${stack.urls.cognito}  ${dim(`pool ${config.userPoolId}, client ${config.userPoolClientId}`)}`],
    ['DynamoDB', `${stack.urls.dynamodb}  ${dim(`table ${stack.env.TABLE_NAME}`)}`],
    ['S3', `${stack.urls.s3}  ${dim(`bucket ${stack.env.BUCKET_NAME}`)}`],
    ['SQS', `${stack.urls.sqs}  ${dim(`queues: ${stack.queues.names().join(', ') || 'none yet'}`)}`],
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

const main = async () => {
  console.log(dim('Starting DynamoDB Local, s3rver, cognito-local, the gateway, the sandbox and the web...'));
  let stack: LocalStack;
  try {
    stack = await startLocalStack();
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof StackRunningError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error('\nThe local stack could not start:', error);
    }
    process.exit(1);
  }
  // From this process's start, so tsx's own start-up counts too.
  console.log(table(stack, (performance.now() / 1000).toFixed(1)));

  let stopping = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(dim(`\n${reason}: stopping...`));
    const forced = setTimeout(() => {
      console.error('Still stopping after 10 s; exiting anyway.');
      process.exit(1);
    }, 10_000);
    forced.unref();
    await stack.stop();
    console.log(dim('Stopped.'));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown(signal, 0));
  }
  void stack.failed.then((error) => shutdown(error.message, 1));
  process.on('uncaughtException', (error) => {
    console.error(error);
    void shutdown('uncaught exception', 1);
  });
};

await main();
