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

/** The methods of a port that answer a promise: those a lazy port can forward once its adapter is loaded. */
type AsyncMethodsOf<P> = {
  [K in keyof P]: P[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof P];

/**
 * A port whose adapter module is imported on the first call of one of its methods, as `LazyClient` does for a vendor
 * client: a Lambda reads and evaluates the adapter's code only when a request needs it. `own` is what the port
 * answers without the adapter (its provider, its constants); `methods` names every method to forward (a forgotten one
 * is a compile error). A failed import is tried again by the next call.
 */
export const lazyPort = <P extends object>(
  own: Omit<P, AsyncMethodsOf<P>>,
  methods: Record<AsyncMethodsOf<P>, true>,
  load: () => Promise<P>,
): P => {
  const adapter = new LazyClient(load);
  const port: Record<PropertyKey, unknown> = { ...own };
  for (const name of Object.keys(methods)) {
    port[name] = async (...args: unknown[]) => {
      const loaded = (await adapter.get()) as Record<string, (...args: unknown[]) => Promise<unknown>>;
      return loaded[name]!(...args);
    };
  }
  return port as P;
};
