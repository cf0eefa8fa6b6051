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
import {
  contactsPaths,
  meetingsPaths,
  outreachPaths,
  pipelinePaths,
  profilePaths,
  referralsPaths,
  templatesPaths,
} from '@/lib/paths';

export type NavItem = { path: string; label: string; icon: ReactNode };

/** SPEC §2 'App shell': the sidebar entries, in order. */
export const navItems: readonly NavItem[] = [
  { path: contactsPaths.dashboard, label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: profilePaths.profile, label: 'Profile', icon: <UserOutlined /> },
  { path: templatesPaths.templates, label: 'Templates', icon: <FileTextOutlined /> },
  { path: outreachPaths.outreach, label: 'Outreach', icon: <SendOutlined /> },
  { path: pipelinePaths.pipeline, label: 'Pipeline', icon: <FundProjectionScreenOutlined /> },
  { path: meetingsPaths.meetings, label: 'Meetings', icon: <CalendarOutlined /> },
  { path: referralsPaths.referrals, label: 'Referrals', icon: <GiftOutlined /> },
];

/** The entry a path belongs to (`/pipeline/...` lights Pipeline), if any. */
export const activeNavPath = (pathname: string) =>
  navItems.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.path;
