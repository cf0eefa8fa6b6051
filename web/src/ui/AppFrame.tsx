import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from './BrandMark';

export type AppFrameProps = {
  /** right side of the header: the user's name, menus, sign-out */
  headerActions?: ReactNode;
  children: ReactNode;
};

/** The light frame of signed-in pages: a header with the brand and actions over a centred content column. */
export const AppFrame = ({ headerActions, children }: AppFrameProps) => (
  <Layout style={{ minHeight: '100vh' }}>
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        height: 64,
        paddingInline: 32,
        background: '#fff',
        borderBottom: '1px solid #e5e7eb',
      }}
    >
      <Link to="/dashboard" aria-label="Outreach home" style={{ display: 'inline-flex' }}>
        <BrandMark size={26} />
      </Link>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>{headerActions}</div>
    </Layout.Header>
    <Layout.Content style={{ padding: '32px 32px 48px' }}>
      <div style={{ maxWidth: 1040, margin: '0 auto' }}>{children}</div>
    </Layout.Content>
  </Layout>
);
