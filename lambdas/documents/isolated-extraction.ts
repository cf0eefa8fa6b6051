import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentContentType } from '../../shared/schemas/documents.js';
import type { ExtractionJob, ExtractionOutcome } from './extract-text.process.js';
import { DocumentTooDemanding } from './too-demanding.js';

export type ExtractionLimits = {
  /** the V8 heap (old generation) of the reading process, where the readers build their trees and text */
  heapMb: number;
  /**
   * the most memory the reading process may hold: the readers' buffers (pdf.js's decoded streams, zlib's output)
   * live outside the V8 heap, which `heapMb` does not bound
   */
  maxRssBytes: number;
  /** how long the reading may take before the process is ended */
  timeoutMs: number;
};

/**
 * The documents Lambda has 1,024 MB and 10 s (infra/constructs/function.ts defaults): the reading process may hold
 * half the memory beside the Lambda's own, and take 6 s, which leaves time for storage and the profile write. A DOCX
 * with the 5 MiB of XML its reader allows (docx-parts.ts) takes about 260 MB.
 */
export const extractionLimits: ExtractionLimits = {
  heapMb: 384,
  maxRssBytes: 512 * 1024 * 1024,
  timeoutMs: 6_000,
};

const memoryCheckMs = 25;
/** how much of the process's error output is kept for the log when it dies without an answer */
const keptErrorOutput = 2_000;

// The process's module sits beside this one, in this one's form: `.ts` when running from source (the local stack, the
// tests), where it needs the same TypeScript loader (tsx), `.mjs` in the Lambda bundle, where
// infra/constructs/function.ts bundles each `*.process.ts` beside a function's entry as an entry of its own.
const ownExtension = extname(new URL(import.meta.url).pathname);
const processModule = fileURLToPath(new URL(`./extract-text.process${ownExtension}`, import.meta.url));
const loaderArgs = ownExtension === '.ts' ? ['--import', 'tsx'] : [];

/** Resident memory of a process (Linux, as in Lambda); undefined where /proc cannot tell. */
const residentBytes = (pid: number) => {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `extractText` in a process of its own, with a heap limit, a bound on its resident memory and a time limit: a
 * crafted file (a zip bomb, a PDF whose content never ends) ends that process, not the Lambda, which stays free for
 * its next request. A process rather than a worker thread: a worker thread's memory stays with the Lambda's process
 * once it is terminated (about 220 MB more after each crafted PDF, past 1 GB after five), a process's returns with it.
 * Rejects with DocumentTooDemanding when a limit is reached, with an Error when the document cannot be read.
 * @default limits extractionLimits
 */
export const extractTextIsolated = (
  bytes: Uint8Array,
  type: DocumentContentType,
  maxLength: number,
  limits: ExtractionLimits = extractionLimits,
) =>
  new Promise<string>((resolve, reject) => {
    const reader = fork(processModule, [], {
      execArgv: [...loaderArgs, `--max-old-space-size=${limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // nothing of the Lambda's environment, its credentials least: a reader tricked into running code finds nothing
      env: {},
    });
    let errorOutput = '';
    reader.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      errorOutput = (errorOutput + chunk).slice(-keptErrorOutput);
    });
    let settled = false;
    const settle = (outcome: { text: string } | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryCheck);
      reader.kill('SIGKILL');
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome.text);
    };
    const timer = setTimeout(
      () => settle(new DocumentTooDemanding(`Reading took longer than ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    const memoryCheck = setInterval(() => {
      const resident = reader.pid === undefined ? undefined : residentBytes(reader.pid);
      if (resident && resident > limits.maxRssBytes) {
        settle(new DocumentTooDemanding(`Reading took ${resident} bytes of memory`));
      }
    }, memoryCheckMs);
    reader.on('message', (outcome: ExtractionOutcome) => {
      if ('text' in outcome) settle(outcome);
      else if (outcome.failure === 'too-demanding') settle(new DocumentTooDemanding(outcome.message));
      else settle(new Error(outcome.message));
    });
    reader.on('error', settle);
    reader.on('exit', (code, signal) => {
      // V8 aborts the process when its heap is full (SIGABRT); any other end without an answer is a failure to read
      if (signal === 'SIGABRT') settle(new DocumentTooDemanding(`Reading took more than ${limits.heapMb} MB of heap`));
      else settle(new Error(`The reading process ended (${signal ?? code}) without an answer: ${errorOutput}`));
    });
    reader.send({ bytes, type, maxLength } satisfies ExtractionJob);
  });
