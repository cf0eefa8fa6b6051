/** SPEC §2: lazy pages show 'Loading...' while their code arrives. Plain markup: no antd before it is needed. */
export const PageLoading = () => (
  <div className="page-loading" role="status" aria-live="polite">
    Loading...
  </div>
);
