import { HeaderEmailConnection } from '@/modules/emailConnection/components/HeaderEmailConnection';
import { NotificationBell } from '@/modules/notifications/components/NotificationBell';
import { ZoomConnectionWidget } from '@/modules/zoom/components/ZoomConnectionWidget';
import { UserMenu } from './UserMenu';

/** SPEC §2 'Desktop header': e-mail connection, Zoom connection, notification bell, avatar menu. */
export const AppHeader = () => (
  <header className="app-header">
    <div className="app-header__actions">
      <HeaderEmailConnection />
      <ZoomConnectionWidget />
      <span className="app-header__divider" aria-hidden="true" />
      <NotificationBell />
      <UserMenu />
    </div>
  </header>
);
