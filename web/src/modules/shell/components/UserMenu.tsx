import { CrownOutlined, DownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Skeleton, Typography, type MenuProps } from 'antd';
import { billingPaths } from '@/modules/billing/billingPaths';
import { settingsPaths } from '@/modules/settings/settingsPaths';
import { useToast } from '@/ui/toast/useToast';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/modules/auth/hooks/useAuth';
// sign-out only: useAuthActions would bring Amplify's sign-in and sign-up flows into every signed-in page
import { signOutOfApp } from '@/modules/auth/api/authSession';
import { authErrorMessage } from '@/modules/auth/utils/authErrorMessage';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { planLabel, profileName } from '@/modules/profile/utils/profileLabels';
import { shellMessages as text } from '../shellMessages';
import { initials } from '../utils/initials';

type UserMenuKey = 'plan' | 'settings' | 'logout';

const items: MenuProps['items'] = [
  { key: 'plan', icon: <CrownOutlined />, label: text.plan },
  { key: 'settings', icon: <SettingOutlined />, label: text.settings },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: text.logOut },
];

/** SPEC §2: the avatar menu of the header, with the name and plan label; Plan, Settings, Log Out. */
export const UserMenu = () => {
  const { user } = useAuth();
  const { data: profile } = useProfile();
  const toast = useToast();
  const navigate = useNavigate();

  const name = profile ? profileName(profile) : user?.name || user?.email.split('@')[0] || '';
  const email = profile?.email ?? user?.email ?? '';

  const handleLogOut = async () => {
    try {
      // the protected layout sends the person to /signin once the store says signed out
      await signOutOfApp({ byUser: true });
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    switch (key as UserMenuKey) {
      case 'plan':
        return navigate(billingPaths.subscribe);
      case 'settings':
        return navigate(settingsPaths.accountSettings);
      case 'logout':
        return void handleLogOut();
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: handleClick }}
      popupRender={(menu) => (
        <div className="user-menu__popup">
          <div className="user-menu__who">
            <Typography.Text strong ellipsis>
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis className="user-menu__email">
              {email}
            </Typography.Text>
          </div>
          {menu}
        </div>
      )}
    >
      <button type="button" className="user-menu__trigger" data-testid="user-menu">
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
            <Skeleton.Input active size="small" className="user-menu__plan-skeleton" />
          )}
        </span>
        <DownOutlined className="user-menu__caret" />
      </button>
    </Dropdown>
  );
};
