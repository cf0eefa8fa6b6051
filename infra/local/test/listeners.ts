import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A TCP socket listening, as the kernel lists it: its address and port, and the process holding it. */
export type Listener = { address: string; port: number; pid: number };

/** `pid` and every process below it (children of children...), from /proc. */
export const processTree = (root: number) => {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after its last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
};

/** `0100007F` (little-endian IPv4) or 32 hex digits (IPv6, four little-endian words) -> the address as text. */
const decodeAddress = (hex: string) => {
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length === 4) return [...bytes].reverse().join('.');
  const words = [0, 4, 8, 12].map((at) => Buffer.from(bytes.subarray(at, at + 4)).reverse());
  const ipv6 = Buffer.concat(words);
  if (ipv6.subarray(0, 10).every((byte) => byte === 0) && ipv6[10] === 0xff && ipv6[11] === 0xff) {
    return `::ffff:${[...ipv6.subarray(12)].join('.')}`;
  }
  const groups = [0, 2, 4, 6, 8, 10, 12, 14].map((at) => ipv6.readUInt16BE(at).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
};

/** Every TCP socket in the LISTEN state that one of `pids` holds (from /proc/net/tcp, tcp6 and /proc/<pid>/fd). */
export const listenersOf = (pids: number[]): Listener[] => {
  const owners = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) owners.set(inode, pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  const listeners: Listener[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (columns.length < 10 || columns[3] !== '0A') continue;
      const pid = owners.get(columns[9]!);
      if (pid === undefined) continue;
      const [address, port] = columns[1]!.split(':') as [string, string];
      listeners.push({ address: decodeAddress(address), port: Number.parseInt(port, 16), pid });
    }
  }
  return listeners;
};

/** 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export const isLoopback = (address: string) =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
