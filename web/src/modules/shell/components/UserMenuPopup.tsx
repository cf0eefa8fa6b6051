import { CrownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import type { KeyboardEvent } from 'react';
import { Text } from '@/ui/text/Text';
import { useTranslation } from 'react-i18next';

/** The menu's entries (ARIA menu pattern): Up/Down/Home/End move between them, Escape closes the menu. */
const moveFocus = (event: KeyboardEvent<HTMLDivElement>, close: () => void) => {
  const entries = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  const at = entries.indexOf(document.activeElement as HTMLButtonElement);
  const next = {
    ArrowDown: (at + 1) % entries.length,
    ArrowUp: (at - 1 + entries.length) % entries.length,
    Home: 0,
    End: entries.length - 1,
  }[event.key];
  if (event.key === 'Escape') {
    event.preventDefault();
    close();
  } else if (next !== undefined) {
    event.preventDefault();
    entries[next]?.focus();
  }
};

export type UserMenuPopupProps = {
  name: string;
  email: string;
  onPlan: () => void;
  onSettings: () => void;
  onLogOut: () => void;
  /** closes the menu and gives the focus back to its button */
  onClose: () => void;
};

/** The avatar menu's popup (SPEC §2): the name and e-mail; Plan, Settings, Log Out. In a chunk of its own, loaded at the first click. */
export const UserMenuPopup = ({ name, email, onPlan, onSettings, onLogOut, onClose }: UserMenuPopupProps) => {
  const { t } = useTranslation('shell');
  return (
    <div className="user-menu__popup">
      <div className="user-menu__who">
        <Text strong ellipsis>
          {name}
        </Text>
        <Text type="secondary" ellipsis className="user-menu__email">
          {email}
        </Text>
      </div>
      <div role="menu" aria-label={name} className="user-menu__list" onKeyDown={(event) => moveFocus(event, onClose)}>
        <button type="button" role="menuitem" className="user-menu__entry" onClick={onPlan}>
          <CrownOutlined className="user-menu__entry-icon" />
          {t('plan')}
        </button>
        <button type="button" role="menuitem" className="user-menu__entry" onClick={onSettings}>
          <SettingOutlined className="user-menu__entry-icon" />
          {t('settings')}
        </button>
        <hr className="user-menu__divider" />
        <button type="button" role="menuitem" className="user-menu__entry" onClick={onLogOut}>
          <LogoutOutlined className="user-menu__entry-icon" />
          {t('logOut')}
        </button>
      </div>
    </div>
  );
};
