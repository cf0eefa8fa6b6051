/**
 * The AI port (DESIGN §5): one text completion. The real adapter is the OpenAI SDK (openai.ts); locally and in tests
 * the same adapter talks to the sandbox (infra/local/sandbox/openai.ts).
 */
export type AiRequest = {
  /** the instructions: role, tone, output format */
  system: string;
  /** the content to work on */
  prompt: string;
  /** an upper bound on the answer's length, in tokens */
  maxTokens: number;
  /** ask for one JSON object as the answer @default false */
  json?: boolean;
  /**
   * ask for one JSON object of this JSON schema (structured outputs, strict); implies `json`
   * @link https://platform.openai.com/docs/guides/structured-outputs
   */
  schema?: { name: string; schema: Record<string, unknown> };
  /** the caller no longer wants the answer: the request is cancelled and `complete` rejects with the signal's reason */
  signal?: AbortSignal;
};

/** The answer and the model that wrote it (kept beside what it wrote). */
export type AiCompletion = { text: string; model: string };

export type Ai = { complete: (request: AiRequest) => Promise<AiCompletion> };

/**
 * The provider did not answer usefully. `busy`: try again later (rate limit, outage, timeout); `refused`: our request
 * or credentials were refused (a configuration problem), or the answer was unusable.
 */
export class AiFailure extends Error {
  readonly kind: 'busy' | 'refused';

  constructor(kind: 'busy' | 'refused', message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'AiFailure';
    this.kind = kind;
  }
}
