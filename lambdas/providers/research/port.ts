/**
 * The research port (the AI e-mail's insights): a few recent, specific facts about a person (talks, posts, company news)
 * found on the web before an e-mail is written. The real adapter is an OpenAI-compatible web-search model
 * (perplexity.ts); locally and in tests the same adapter talks to the sandbox (infra/local/sandbox/perplexity.ts).
 */
export type ResearchSubject = {
  name: string;
  company?: string;
  role?: string;
  linkedinUrl?: string;
};

/** Facts, each one sentence, newest first; none when the search found nothing specific. */
export type ResearchFindings = { facts: string[]; model: string };

export type Research = { findFacts: (subject: ResearchSubject) => Promise<ResearchFindings> };

/** The search did not answer usefully; generation goes on without facts. */
export class ResearchFailure extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'ResearchFailure';
  }
}
