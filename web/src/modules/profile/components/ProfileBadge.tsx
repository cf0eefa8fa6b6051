import { Avatar, Space, Tag, Typography } from 'antd';
import type { Profile } from '../../../../../shared/schemas/profile';
import { planLabel, profileName } from '../utils/profileLabels';

export type ProfileBadgeProps = { profile: Profile };

const initials = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
};

/** Avatar with initials, name and plan label, for the app header. */
export const ProfileBadge = ({ profile }: ProfileBadgeProps) => {
  const name = profileName(profile);
  return (
    <Space size={10} align="center">
      <Avatar style={{ background: '#4f46e5' }}>{initials(name)}</Avatar>
      <Typography.Text strong>{name}</Typography.Text>
      <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
        {planLabel(profile)}
      </Tag>
    </Space>
  );
};
