import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const lockSchema = z.object({
  pid: z.number(),
  startedAt: z.string(),
  urls: z.record(z.string(), z.string()).default({}),
  /** emulator processes started by that stack (DynamoDB Local, cognito-local) */
  children: z.array(z.number()).default([]),
});
export type StackLock = z.infer<typeof lockSchema>;

/** The lock of a stack running on `localDir`: its pid file. */
export const lockFile = (localDir: string) => join(localDir, 'stack.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The stack holding `localDir`, if its process is alive. */
export const runningStack = (localDir: string): StackLock | undefined => {
  const file = lockFile(localDir);
  if (!existsSync(file)) return undefined;
  try {
    const lock = lockSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return alive(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
};

/** Live stacks using `localDir` or a folder inside it (e2e keeps its stack in `.local/e2e`). */
export const runningStacksUnder = (localDir: string): (StackLock & { localDir: string })[] => {
  if (!existsSync(localDir)) return [];
  const folders = [
    localDir,
    ...readdirSync(localDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(localDir, entry.name)),
  ];
  return folders.flatMap((folder) => {
    const lock = runningStack(folder);
    return lock ? [{ ...lock, localDir: folder }] : [];
  });
};

export class StackRunningError extends Error {
  constructor(
    readonly lock: StackLock,
    localDir: string,
  ) {
    super(
      `A local stack (pid ${lock.pid}, started ${lock.startedAt}) is already using ${localDir}. Stop it first (Ctrl-C).`,
    );
    this.name = 'StackRunningError';
  }
}

/**
 * Takes the lock of `localDir` for this process: refused while another live stack holds it. A stale lock (its process
 * died without stopping, e.g. kill -9) is taken over, ending the emulators it had left running first.
 */
export const acquireLock = async (localDir: string) => {
  const running = runningStack(localDir);
  if (running) throw new StackRunningError(running, localDir);
  const file = lockFile(localDir);
  if (existsSync(file)) await endOrphans(file);
  mkdirSync(localDir, { recursive: true });
  const lock: StackLock = { pid: process.pid, startedAt: new Date().toISOString(), urls: {}, children: [] };
  const write = () => writeFileSync(file, JSON.stringify(lock, null, 2));
  write();
  return {
    update: (change: Partial<Pick<StackLock, 'urls' | 'children'>>) => {
      Object.assign(lock, change);
      write();
    },
    release: () => {
      const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pid?: number }) : undefined;
      if (current?.pid === process.pid) rmSync(file, { force: true });
    },
  };
};

/** Ends the emulators of a stack that died without stopping them, if they are still what we started. */
const endOrphans = async (file: string) => {
  let children: number[] = [];
  try {
    children = lockSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).children;
  } catch {
    return;
  }
  const ended = children.filter((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/DynamoDBLocal|cognito-local/.test(command)) return false;
      process.kill(pid, 'SIGKILL');
      return true;
    } catch {
      return false; // gone already, or not on Linux
    }
  });
  // until they are gone, their ports are still taken
  const deadline = Date.now() + 3000;
  while (ended.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};
