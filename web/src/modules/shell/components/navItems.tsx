import {
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  SendOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export type NavItem = { path: string; label: string; icon: ReactNode };

/** SPEC §2 'App shell': the sidebar entries, in order. */
export const navItems: readonly NavItem[] = [
  { path: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/profile', label: 'Profile', icon: <UserOutlined /> },
  { path: '/templates', label: 'Templates', icon: <FileTextOutlined /> },
  { path: '/outreach', label: 'Outreach', icon: <SendOutlined /> },
  { path: '/pipeline', label: 'Pipeline', icon: <FundProjectionScreenOutlined /> },
  { path: '/meetings', label: 'Meetings', icon: <CalendarOutlined /> },
  { path: '/referrals', label: 'Referrals', icon: <GiftOutlined /> },
];

/** The entry a path belongs to (`/pipeline/...` lights Pipeline), if any. */
export const activeNavPath = (pathname: string) =>
  navItems.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.path;
