import { Typography } from 'antd';
import { addressState } from '@shared/addresses';
import { useTranslation } from 'react-i18next';
import { ConfirmAddressButton } from '@/modules/contacts/components/ConfirmAddressButton';
import type { Contact } from '@/modules/contacts/api/contactMapping';
import { Tag } from '@/ui/Tag';
import { recipientTexts } from '../utils/recipient';
import './outreach.css';

export type DraftRecipientProps = {
  contact: Pick<Contact, 'id' | 'email' | 'emailQevStatus' | 'emailConfirmedByUser'>;
};

/**
 * The e-mail's recipient above the draft: "To: ada@example.com · Valid", or why it is not sent to (DESIGN §9), with
 * the confirmation of a risky address where one is asked for.
 */
export const DraftRecipient = ({ contact }: DraftRecipientProps) => {
  const { t } = useTranslation('outreach');
  const state = addressState(contact);
  const text = recipientTexts(state);
  return (
    <section
      className="draft-recipient"
      aria-label={t('recipient.label')}
      data-testid="draft-recipient"
      data-state={state}
    >
      <div className="draft-recipient__line">
        <Typography.Text>
          {t('recipient.to')} {contact.email ? <Typography.Text strong>{contact.email}</Typography.Text> : null}
        </Typography.Text>
        <Tag color={text.color} data-testid="draft-recipient-state">
          {text.tag}
        </Tag>
        {state === 'unconfirmed' ? <ConfirmAddressButton contact={contact} /> : null}
      </div>
      {text.note ? (
        <Typography.Text type="secondary" className="draft-recipient__note">
          {text.note}
        </Typography.Text>
      ) : null}
    </section>
  );
};
