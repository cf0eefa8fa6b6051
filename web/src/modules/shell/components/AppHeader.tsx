import { HeaderEmailConnection } from '@/modules/emailConnection/components/HeaderEmailConnection';
import { NotificationBell } from '@/modules/notifications/components/NotificationBell';
import { HeaderZoomConnection } from '@/modules/zoom/components/HeaderZoomConnection';
import { UserMenu } from './UserMenu';

/** SPEC §2 'Desktop header': e-mail connection, Zoom connection, notification bell, avatar menu. */
export const AppHeader = () => (
  <header className="app-header">
    <div className="app-header__actions">
      <HeaderEmailConnection />
      <HeaderZoomConnection />
      <span className="app-header__divider" aria-hidden="true" />
      <NotificationBell />
      <UserMenu />
    </div>
  </header>
);
