import { bootTexts } from '@/i18n/boot';

export type BootErrorProps = { error: unknown };

/**
 * The app could not read its configuration: say so plainly (no antd, no router: nothing else is ready). Its texts are
 * the `boot` ones, in the first bundle with the app's own code, in this browser's language (its stored setting, else
 * its own): no catalogue's chunk has arrived at this point, nor will it.
 */
export const BootError = ({ error }: BootErrorProps) => {
  const text = bootTexts();
  return (
    <div role="alert" className="plain-error">
      <div className="plain-error__body">
        <h1 className="plain-error__title">{text.bootError.title}</h1>
        <p className="plain-error__text plain-error__text--tight">{text.bootError.text}</p>
        <p className="plain-error__detail">{error instanceof Error ? error.message : String(error)}</p>
        <button
          type="button"
          className="plain-error__button plain-error__button--primary"
          onClick={() => window.location.reload()}
        >
          {text.tryAgain}
        </button>
      </div>
    </div>
  );
};
