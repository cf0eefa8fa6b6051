export type BootErrorProps = { error: unknown };

/** The app could not read its configuration: say so plainly (no antd, no router: nothing else is ready). */
export const BootError = ({ error }: BootErrorProps) => (
  <div role="alert" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
    <div style={{ maxWidth: 480, textAlign: 'center' }}>
      <h1 style={{ margin: '0 0 12px', fontSize: 26, color: '#111827' }}>Outreach could not start</h1>
      <p style={{ margin: '0 0 8px', color: '#4b5563', lineHeight: 1.6 }}>
        Its configuration could not be loaded. Please try again in a moment.
      </p>
      <p style={{ margin: '0 0 28px', color: '#9ca3af', fontSize: 13 }}>
        {error instanceof Error ? error.message : String(error)}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ height: 40, padding: '0 18px', borderRadius: 8, border: 'none', background: '#4f46e5', color: '#fff', fontSize: 15, fontWeight: 600, cursor: 'pointer' }}
      >
        Try Again
      </button>
    </div>
  </div>
);
