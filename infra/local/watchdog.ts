import { spawn } from 'node:child_process';

/**
 * The watchdog's program: it learns pids on stdin (`+<pid>` / `-<pid>` lines) and, when stdin closes because the
 * stack's process is gone without stopping them (kill -9, a crash, a wrapper's SIGKILL), ends those still running.
 * On /proc systems it only ends a pid whose command line is still an emulator's, so a reused pid is left alone.
 */
const program = `
const { existsSync, readFileSync } = require('node:fs');
const pids = new Set();
let pending = '';
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\\n');
  pending = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (line[0] === '+') pids.add(pid);
    if (line[0] === '-') pids.delete(pid);
  }
});
process.stdin.on('end', () => {
  for (const pid of pids) {
    try {
      const onProc = existsSync('/proc/self');
      if (onProc && !/DynamoDBLocal|cognito-local/.test(readFileSync('/proc/' + pid + '/cmdline', 'utf8'))) continue;
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  process.exit(0);
});
`;

export type Watchdog = {
  watch: (pid: number | undefined) => void;
  forget: (pid: number | undefined) => void;
  stop: () => void;
};

/**
 * A tiny detached process that ends the emulators (DynamoDB Local's JVM, cognito-local) if this process dies without
 * stopping them, so no java is left holding a port. Ctrl-C does not reach it (own process group): it acts only when
 * its stdin, a pipe from this process, closes.
 */
export const startWatchdog = (): Watchdog => {
  const child = spawn(process.execPath, ['-e', program], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  child.unref();
  child.stdin.on('error', () => {});
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  const write = (line: string) => {
    if (child.stdin.writable) child.stdin.write(`${line}\n`);
  };
  return {
    watch: (pid) => pid && write(`+${pid}`),
    forget: (pid) => pid && write(`-${pid}`),
    // closing stdin is the signal; whatever is still registered and running is ended
    stop: () => child.stdin.end(),
  };
};
