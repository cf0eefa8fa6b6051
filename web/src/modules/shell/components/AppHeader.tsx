import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contactsPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import { HeaderEmailConnection } from '@/modules/emailConnection/components/HeaderEmailConnection';
import { NotificationBell } from '@/modules/notifications/components/NotificationBell';
import { HeaderZoomConnection } from '@/modules/zoom/components/HeaderZoomConnection';
import { UserMenu } from './UserMenu';

/**
 * SPEC §2 'Desktop header': e-mail connection, Zoom connection, notification bell, avatar menu. Under 1100 px it is the
 * 'Mobile header' (AppShell.css): across the top, the logo first, the widgets and the bell, the avatar alone (it holds
 * Plan, Settings and Log Out, which the compact sidebar has no room for).
 */
export const AppHeader = () => {
  const { t } = useTranslation('shell');
  return (
    <header className="app-header">
      <Link to={contactsPaths.dashboard} aria-label={t('home')} className="app-header__home">
        <BrandMark size={28} />
      </Link>
      <div className="app-header__actions">
        <HeaderEmailConnection />
        <HeaderZoomConnection />
        <span className="app-header__divider" aria-hidden="true" />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
};
