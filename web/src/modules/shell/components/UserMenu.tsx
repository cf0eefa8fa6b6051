import { DownOutlined } from '@ant-design/icons';
import { PopoverButton } from '@/ui/PopoverButton';
import { Avatar } from '@/ui/Avatar';
import { SkeletonBlock } from '@/ui/Skeleton';
import { lazy, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { billingPaths, settingsPaths } from '@/lib/paths';
import { useToast } from '@/ui/toast/useToast';
import { useAuth } from '@/modules/auth/hooks/useAuth';
// sign-out only: useAuthActions would bring Amplify's sign-in and sign-up flows into every signed-in page
import { signOutOfApp } from '@/modules/auth/api/authSession';
import { authErrorMessage } from '@/modules/auth/utils/authErrorMessage';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { planLabel, profileName } from '@/modules/profile/utils/profileLabels';
import { initials } from '@/ui/initials';

// the menu itself (its entries, icons and keys) arrives with the popover, at the first click
const UserMenuPopup = lazy(async () => ({ default: (await import('./UserMenuPopup')).UserMenuPopup }));

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
    <UserMenuPopup
      name={name}
      email={email}
      onPlan={choose(() => navigate(billingPaths.subscribe))}
      onSettings={choose(() => navigate(settingsPaths.accountSettings))}
      onLogOut={choose(handleLogOut)}
      onClose={close}
    />
  );

  return (
    <PopoverButton
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
        {/* SPEC §3 photoURL: the photo, the initials without one or when it fails to load (an expired link) */}
        <Avatar
          size={34}
          src={profile?.photoURL || undefined}
          alt=""
          className="user-menu__avatar"
          data-testid="user-initials"
        >
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
    </PopoverButton>
  );
};
