import type { ReactNode } from 'react';
import './theme/landingPalette.css';
import './AuthLayout.css';

export type AuthLayoutProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** the dark panel beside the form (hidden on narrow screens) */
  aside?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** The frame of the sign-in pages: a dark brand panel on the left, the form on the right. */
export const AuthLayout = ({ title, subtitle, aside, footer, children }: AuthLayoutProps) => (
  <div className="auth-layout">
    <aside className="auth-layout__aside">{aside}</aside>
    <main className="auth-layout__main">
      <div className="auth-layout__panel">
        <h1 className="auth-layout__title">{title}</h1>
        {subtitle ? <p className="auth-layout__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-layout__footer">{footer}</div> : null}
      </div>
    </main>
  </div>
);
