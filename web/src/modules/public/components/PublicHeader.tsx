import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { authPaths, contactsPaths, publicPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import { hasStoredSession } from '@/modules/auth/utils/storedSession';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { publicLinks } from '../utils/publicLinks';
import { PublicIcon } from './PublicIcon';

type HeaderLinksProps = { onNavigate?: () => void };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'landing__nav-link landing__nav-link--active' : 'landing__nav-link';

const SectionLinks = ({ onNavigate }: HeaderLinksProps) =>
  publicLinks.nav.map((link) => (
    <NavLink key={link.to} to={link.to} className={navLinkClass} onClick={onNavigate}>
      {link.label}
    </NavLink>
  ));

const AccountLinks = ({ onNavigate }: HeaderLinksProps) => {
  const { userPoolClientId } = useWebConfig();
  // someone signed in on this browser goes back to the app rather than to the sign-in form
  if (hasStoredSession(userPoolClientId)) {
    return (
      <div className="landing__nav-actions">
        <Link
          className="landing__button landing__button--primary landing__button--small"
          to={contactsPaths.dashboard}
          onClick={onNavigate}
        >
          Open dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="landing__nav-actions">
      <Link
        className="landing__button landing__button--quiet landing__button--small"
        to={authPaths.signIn}
        onClick={onNavigate}
      >
        Sign in
      </Link>
      <Link
        className="landing__button landing__button--primary landing__button--small"
        to={authPaths.signUp}
        onClick={onNavigate}
      >
        Sign up
      </Link>
    </div>
  );
};

/** The public site's top bar: logo, the site's sections, sign-in and sign-up; a menu button on narrow screens. */
export const PublicHeader = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const handleNavigate = () => setMenuOpen(false);
  const handleMenuToggle = () => setMenuOpen((open) => !open);

  return (
    <header className="landing__header">
      <div className="landing__inner">
        <div className="landing__nav">
          <Link to={publicPaths.home} aria-label="Outreach home" onClick={handleNavigate}>
            <BrandMark inverted />
          </Link>
          <nav aria-label="Main" className="landing__nav-links">
            <SectionLinks />
          </nav>
          <AccountLinks />
          <button
            type="button"
            className="landing__menu-button"
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={handleMenuToggle}
          >
            <PublicIcon name={menuOpen ? 'close' : 'menu'} />
          </button>
        </div>
        <nav id="landing-mobile-menu" className="landing__mobile-menu" aria-label="Menu" hidden={!menuOpen}>
          <SectionLinks onNavigate={handleNavigate} />
          <AccountLinks onNavigate={handleNavigate} />
        </nav>
      </div>
    </header>
  );
};
