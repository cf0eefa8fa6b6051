import { Skeleton } from 'antd';

const block = (width: number, height: number, radius = 6) => (
  <Skeleton.Node active style={{ width, height, borderRadius: radius }} />
);

/**
 * SPEC §2 'Page styles': the full-page skeleton of the signed-in workspace (sidebar, header, content) reading
 * 'Loading your workspace...', shown while the session loads.
 */
export const WorkspaceSkeleton = () => (
  <div role="status" aria-live="polite" aria-busy="true" style={{ display: 'flex', minHeight: '100vh', background: '#f5f6fa' }}>
    <div
      aria-hidden="true"
      style={{
        width: 256,
        flexShrink: 0,
        display: 'grid',
        alignContent: 'start',
        gap: 14,
        padding: '18px 16px',
        background: '#fff',
        borderRight: '1px solid #eceef3',
      }}
    >
      <div style={{ marginBottom: 18, paddingInline: 12 }}>{block(132, 28)}</div>
      {[168, 132, 150, 140, 128, 146, 136].map((width, index) => (
        <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 12, paddingInline: 12 }}>
          {block(18, 18, 4)}
          {block(width - 30, 16)}
        </div>
      ))}
    </div>
    <div style={{ flex: 1, minWidth: 0 }}>
      <div
        aria-hidden="true"
        style={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 16,
          paddingInline: 32,
          background: '#fff',
          borderBottom: '1px solid #eceef3',
        }}
      >
        {block(120, 28)}
        {block(96, 28)}
        <Skeleton.Avatar active size={32} />
        {block(140, 28)}
      </div>
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: 32, display: 'grid', gap: 24 }}>
        <div style={{ display: 'grid', gap: 10 }}>
          <span style={{ color: '#6b7280', fontSize: 15 }}>Loading your workspace...</span>
          <div aria-hidden="true">{block(320, 30)}</div>
        </div>
        <div aria-hidden="true" style={{ display: 'grid', gap: 24 }}>
          {[0, 1].map((card) => (
            <div key={card} style={{ background: '#fff', borderRadius: 8, padding: 24, border: '1px solid #eceef3' }}>
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          ))}
        </div>
      </div>
    </div>
  </div>
);
