import { PortInUseError } from './net.js';
import { StackRunningError } from './lock.js';
import { dim, startBanner } from './banner.js';
import { startLocalStack, type LocalStack } from './stack.js';

/**
 * `npm start`: the whole system on one machine (DESIGN §7), nothing to configure. Ctrl-C stops every server and
 * emulator it started. Ports and the data folder can be moved with LOCAL_*_PORT and LOCAL_DIR (infra/local/ports.ts).
 */
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
  console.log(startBanner(stack, (performance.now() / 1000).toFixed(1)));

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
