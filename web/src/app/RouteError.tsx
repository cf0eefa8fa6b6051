import { Link } from 'react-router-dom';
import { bootTexts } from '@/i18n/boot';
import { publicPaths } from '@/lib/paths';

/**
 * SPEC §2 'Global error fallback' for a route that failed to load or render. Plain markup: antd may be what failed;
 * the `boot` texts, as a catalogue's chunk may be what failed too.
 */
export const RouteError = () => {
  const text = bootTexts();
  return (
    <div role="alert" className="plain-error">
      <div className="plain-error__body">
        <h1 className="plain-error__title">{text.routeError.title}</h1>
        <p className="plain-error__text">{text.routeError.text}</p>
        <div className="plain-error__actions">
          <button
            type="button"
            className="plain-error__button plain-error__button--primary"
            onClick={() => window.location.reload()}
          >
            {text.tryAgain}
          </button>
          <Link to={publicPaths.home} reloadDocument className="plain-error__button">
            {text.routeError.goHome}
          </Link>
        </div>
      </div>
    </div>
  );
};
