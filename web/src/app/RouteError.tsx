import { Link } from 'react-router-dom';
import { publicPaths } from '@/modules/public/publicPaths';

const button = {
  height: 40,
  padding: '0 18px',
  borderRadius: 8,
  fontSize: 15,
  fontWeight: 600,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  textDecoration: 'none',
} as const;

/** SPEC §2 'Global error fallback' for a route that failed to load or render. Plain markup: antd may be what failed. */
export const RouteError = () => (
  <div role="alert" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
    <div style={{ maxWidth: 440, textAlign: 'center' }}>
      <h1 style={{ margin: '0 0 12px', fontSize: 26, color: '#111827' }}>Something went wrong</h1>
      <p style={{ margin: '0 0 28px', color: '#4b5563', lineHeight: 1.6 }}>
        An unexpected error occurred while loading this page.
      </p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{ ...button, border: 'none', background: '#4f46e5', color: '#fff' }}
        >
          Try Again
        </button>
        <Link to={publicPaths.home} reloadDocument style={{ ...button, border: '1px solid #d1d5db', color: '#111827' }}>
          Go Home
        </Link>
      </div>
    </div>
  </div>
);
