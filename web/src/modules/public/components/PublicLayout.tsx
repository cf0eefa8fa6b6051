import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import '@/ui/theme/landingPalette.css';
import './public.css';

export type PublicLayoutProps = {
  /** the page; the matched child route when absent */
  children?: ReactNode;
};

/**
 * The dark frame of every public page (SPEC §2 "Landing pages use a dark style"): top bar, page, footer. Plain markup
 * and CSS, no antd and no Amplify: with the home page it is the first thing a visitor downloads.
 */
export const PublicLayout = ({ children }: PublicLayoutProps) => (
  <div className="landing">
    <a className="landing__skip-link" href="#main">
      Skip to content
    </a>
    <PublicHeader />
    <main id="main" className="landing__main">
      {children ?? <Outlet />}
    </main>
    <PublicFooter />
  </div>
);
