import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { contactsPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import { NavList } from '@/ui/NavList';
import { RecentActivity } from '@/modules/activity/components/RecentActivity';
import { useIsCompactScreen } from '../hooks/useIsCompactScreen';
import { shellState, toggleSidebarCompact } from '../state/shellState';
import { activeNavPath, navItems } from './navItems';

/** SPEC §9: tooltips of the compact sidebar open after 700 ms. */
const tooltipDelaySeconds = 0.7;

/**
 * SPEC §2: logo, the seven entries, Recent Activity; 256 px wide, or 80 px compact (remembered). Under 1100 px it is
 * compact whatever was chosen, and the toggle goes: the page needs the room.
 */
export const AppSidebar = () => {
  const { t } = useTranslation('shell');
  const { sidebarCompact } = useSnapshot(shellState);
  const compactScreen = useIsCompactScreen();
  const compact = sidebarCompact || compactScreen;
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  const toggleLabel = compact ? t('expandSidebar') : t('collapseSidebar');

  return (
    <aside className={`app-sidebar${compact ? ' app-sidebar--compact' : ''}`} data-testid="app-sidebar">
      <div className="app-sidebar__inner">
        <div className="app-sidebar__brand">
          <Link to={contactsPaths.dashboard} aria-label={t('home')} className="app-sidebar__home">
            <BrandMark size={28} />
          </Link>
        </div>
        <nav aria-label={t('mainNav')} className="app-sidebar__nav">
          <NavList
            items={navItems.map(({ path, key, icon }) => ({ path, icon, label: t(`nav.${key}`) }))}
            activePath={active}
            compact={compact}
            tooltipDelay={tooltipDelaySeconds}
          />
        </nav>
        {compact ? <div className="app-sidebar__spacer" /> : <RecentActivity />}
        <div className="app-sidebar__footer" hidden={compactScreen}>
          <Tooltip title={compact ? toggleLabel : null} placement="right" mouseEnterDelay={tooltipDelaySeconds}>
            <Button
              type="text"
              block
              aria-label={toggleLabel}
              aria-expanded={!compact}
              icon={compact ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggleSidebarCompact}
              className="app-sidebar__toggle"
            >
              {compact ? null : t('collapse')}
            </Button>
          </Tooltip>
        </div>
      </div>
    </aside>
  );
};
