import { CrownOutlined, DownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { Avatar } from '@/ui/Avatar';
import { SkeletonBlock } from '@/ui/Skeleton';
import { Text } from '@/ui/text/Text';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { billingPaths } from '@/modules/billing/billingPaths';
import { settingsPaths } from '@/modules/settings/settingsPaths';
import { useToast } from '@/ui/toast/useToast';
import { useAuth } from '@/modules/auth/hooks/useAuth';
// sign-out only: useAuthActions would bring Amplify's sign-in and sign-up flows into every signed-in page
import { signOutOfApp } from '@/modules/auth/api/authSession';
import { authErrorMessage } from '@/modules/auth/utils/authErrorMessage';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { planLabel, profileName } from '@/modules/profile/utils/profileLabels';
import { shellMessages as text } from '../shellMessages';
import { initials } from '../utils/initials';

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

/** SPEC §2: the avatar menu of the header, with the name and plan label; Plan, Settings, Log Out. */
export const UserMenu = () => {
  const { user } = useAuth();
  const { data: profile } = useProfile();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const name = profile ? profileName(profile) : user?.name || user?.email.split('@')[0] || '';
  const email = profile?.email ?? user?.email ?? '';

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const handleLogOut = async () => {
    try {
      // the protected layout sends the person to /signin once the store says signed out
      await signOutOfApp({ byUser: true });
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };

  const choose = (action: () => unknown) => () => {
    setOpen(false);
    void action();
  };

  const menu = (
    <div className="user-menu__popup">
      <div className="user-menu__who">
        <Text strong ellipsis>
          {name}
        </Text>
        <Text type="secondary" ellipsis className="user-menu__email">
          {email}
        </Text>
      </div>
      <div role="menu" aria-label={name} className="user-menu__list" onKeyDown={(event) => moveFocus(event, close)}>
        <button
          type="button"
          role="menuitem"
          className="user-menu__entry"
          onClick={choose(() => navigate(billingPaths.subscribe))}
        >
          <CrownOutlined className="user-menu__entry-icon" />
          {text.plan}
        </button>
        <button
          type="button"
          role="menuitem"
          className="user-menu__entry"
          onClick={choose(() => navigate(settingsPaths.accountSettings))}
        >
          <SettingOutlined className="user-menu__entry-icon" />
          {text.settings}
        </button>
        <hr className="user-menu__divider" />
        <button type="button" role="menuitem" className="user-menu__entry" onClick={choose(handleLogOut)}>
          <LogoutOutlined className="user-menu__entry-icon" />
          {text.logOut}
        </button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={open}
      onOpenChange={setOpen}
      content={menu}
      classNames={{ root: 'user-menu__popover' }}
      afterOpenChange={(visible) => {
        if (visible) document.querySelector<HTMLButtonElement>('.user-menu__popover [role="menuitem"]')?.focus();
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
      >
        <Avatar size={34} className="user-menu__avatar" data-testid="user-initials">
          {initials(name)}
        </Avatar>
        <span className="user-menu__text">
          <span className="user-menu__name">{name}</span>
          {profile ? (
            <span className="user-menu__plan" data-testid="user-plan">
              {planLabel(profile)}
            </span>
          ) : (
            <SkeletonBlock className="user-menu__plan-skeleton" />
          )}
        </span>
        <DownOutlined className="user-menu__caret" />
      </button>
    </Popover>
  );
};
