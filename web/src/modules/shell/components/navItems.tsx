import {
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  NodeIndexOutlined,
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
  sequencesPaths,
  templatesPaths,
} from '@/lib/paths';

/** `key`: the entry's text in the shell catalogue, `nav.<key>`. */
export type NavItem = { path: string; key: string; icon: ReactNode };

/** SPEC §2 'App shell': the sidebar entries, in order. */
export const navItems: readonly NavItem[] = [
  { path: contactsPaths.dashboard, key: 'dashboard', icon: <DashboardOutlined /> },
  { path: profilePaths.profile, key: 'profile', icon: <UserOutlined /> },
  { path: templatesPaths.templates, key: 'templates', icon: <FileTextOutlined /> },
  { path: outreachPaths.outreach, key: 'outreach', icon: <SendOutlined /> },
  { path: sequencesPaths.sequences, key: 'sequences', icon: <NodeIndexOutlined /> },
  { path: pipelinePaths.pipeline, key: 'pipeline', icon: <FundProjectionScreenOutlined /> },
  { path: meetingsPaths.meetings, key: 'meetings', icon: <CalendarOutlined /> },
  { path: referralsPaths.referrals, key: 'referrals', icon: <GiftOutlined /> },
];

/** The entry a path belongs to (`/pipeline/...` lights Pipeline), if any. */
export const activeNavPath = (pathname: string) =>
  navItems.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.path;
