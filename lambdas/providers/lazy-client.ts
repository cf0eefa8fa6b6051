/**
 * A vendor client built on first use, from a module imported then. The house bundling splits what is imported with
 * `await import()` into chunks of their own (infra/constructs/function.ts), so a Lambda whose request does not need
 * the client neither reads nor evaluates its SDK; the first request that needs it pays for both instead (the bench
 * reports that cost per chunk: `npm run bench`). Built once per Lambda and passed in (STYLE §10), like an eager one.
 */
export class LazyClient<C> {
  readonly #make: () => Promise<C>;
  #client: Promise<C> | undefined;

  /** @param make imports the SDK and builds the client; called once (again only after a failure) */
  constructor(make: () => Promise<C>) {
    this.#make = make;
  }

  /** The client: the first call imports and builds it, later ones answer the same one. */
  get(): Promise<C> {
    this.#client ??= this.#make().catch((error: unknown) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }
}

/** The client itself, whether it was passed built or lazy. */
export const clientOf = <C>(client: C | LazyClient<C>): Promise<C> =>
  client instanceof LazyClient ? client.get() : Promise.resolve(client);
