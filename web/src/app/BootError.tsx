export type BootErrorProps = { error: unknown };

/** The app could not read its configuration: say so plainly (no antd, no router: nothing else is ready). */
export const BootError = ({ error }: BootErrorProps) => (
  <div role="alert" className="plain-error">
    <div className="plain-error__body">
      <h1 className="plain-error__title">Outreach could not start</h1>
      <p className="plain-error__text plain-error__text--tight">
        Its configuration could not be loaded. Please try again in a moment.
      </p>
      <p className="plain-error__detail">{error instanceof Error ? error.message : String(error)}</p>
      <button
        type="button"
        className="plain-error__button plain-error__button--primary"
        onClick={() => window.location.reload()}
      >
        Try Again
      </button>
    </div>
  </div>
);
