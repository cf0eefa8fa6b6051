import { Link } from 'react-router-dom';
import { publicPaths } from '@/lib/paths';

/** SPEC §2 'Global error fallback' for a route that failed to load or render. Plain markup: antd may be what failed. */
export const RouteError = () => (
  <div role="alert" className="plain-error">
    <div className="plain-error__body">
      <h1 className="plain-error__title">Something went wrong</h1>
      <p className="plain-error__text">An unexpected error occurred while loading this page.</p>
      <div className="plain-error__actions">
        <button
          type="button"
          className="plain-error__button plain-error__button--primary"
          onClick={() => window.location.reload()}
        >
          Try Again
        </button>
        <Link to={publicPaths.home} reloadDocument className="plain-error__button">
          Go Home
        </Link>
      </div>
    </div>
  </div>
);
