import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { runningStacksUnder } from './lock.js';
import { localDir } from './ports.js';

/** `npm run reset`: removes the local stack's data (`.local/`), never while a stack is using it. */
const sizeOf = (path: string): number => {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((total, name) => total + sizeOf(join(path, name)), 0);
};
const human = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

const target = resolve(localDir);
const shown = relative(process.cwd(), target) || target;

// LOCAL_DIR could point anywhere: refuse folders whose removal would take more than local data with them.
if (target === sep || target === homedir() || process.cwd().startsWith(`${target}${sep}`) || process.cwd() === target) {
  console.error(`Refusing to remove ${target}: LOCAL_DIR must be a folder of its own, not this project or a parent.`);
  process.exit(1);
}

const running = runningStacksUnder(target);
if (running.length > 0) {
  for (const stack of running) {
    const folder = relative(process.cwd(), stack.localDir) || stack.localDir;
    console.error(`The local stack is running (pid ${stack.pid}, since ${stack.startedAt}) and uses ${folder}/.`);
  }
  console.error('Stop it (Ctrl-C) first.');
  process.exit(1);
}

if (!existsSync(target)) {
  console.log(`Nothing to remove: ${shown}/ does not exist.`);
} else {
  const entries = readdirSync(target).map((name) => ({ name, size: sizeOf(join(target, name)) }));
  rmSync(target, { recursive: true, force: true });
  console.log(`Removed ${shown}/:`);
  for (const { name, size } of entries) console.log(`  ${name.padEnd(12)} ${human(size)}`);
  if (entries.length === 0) console.log('  (it was empty)');
}
