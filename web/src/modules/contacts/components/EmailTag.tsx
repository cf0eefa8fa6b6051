import { LoadingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { Tag } from '@/ui/Tag';
import type { Contact } from '../api/contactMapping';
import { emailTag } from '../utils/contactLabels';
import { emailVerificationState } from '../utils/emailVerification';
import './contacts.css';

export type EmailTagProps = {
  contact: Pick<Contact, 'email' | 'emailQevStatus' | 'emailLookupStatus' | 'emailQevReason'> &
    Partial<Pick<Contact, 'emailConfirmedByUser'>>;
};

/** The verification state of a contact's e-mail, explained on hover (SPEC §5 'usable e-mail'). */
export const EmailTag = ({ contact }: EmailTagProps) => {
  const state = emailVerificationState(contact);
  const tag = emailTag(state);
  return (
    <Tooltip title={tag.tooltip} mouseEnterDelay={0.7}>
      <Tag
        color={tag.color}
        icon={state === 'looking_up' ? <LoadingOutlined /> : undefined}
        data-testid="email-state"
        data-state={state}
        className="email-tag"
      >
        {tag.label}
      </Tag>
    </Tooltip>
  );
};
