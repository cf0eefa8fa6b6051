import { DeleteOutlined, EditOutlined, LinkedinFilled, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Divider, Drawer, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { addressState } from '@shared/addresses';
import { useState } from 'react';
import { ConversationThread } from '@/modules/conversations/components/ConversationThread';
import { BookMeetingButton } from '@/modules/meetings/components/BookMeetingButton';
import { ContactDraftSummary } from '@/modules/outreach/components/ContactDraftSummary';
import { useToast } from '@/ui/toast/useToast';
import type { Contact } from '@/modules/contacts/api/contactMapping';
import { useContactActions } from '@/modules/contacts/hooks/useContactActions';
import { useContactDetail } from '@/modules/contacts/hooks/useContactDetail';
import {
  emailOriginLabel,
  emailStatusLabel,
  formatDate,
  relationshipColors,
  relationshipLabels,
} from '@/modules/contacts/utils/contactLabels';
import { canLookUpEmail } from '@/modules/contacts/utils/emailVerification';
import { ContactAvatar } from '@/modules/contacts/components/ContactAvatar';
import { ContactEditForm } from '@/modules/contacts/components/ContactEditForm';
import { ConfirmAddressButton } from '@/modules/contacts/components/ConfirmAddressButton';
import { EmailTag } from '@/modules/contacts/components/EmailTag';
import { ProfileSummary } from '@/modules/contacts/components/ProfileSummary';
import type { ContactDrawerProps } from '@/modules/contacts/components/ContactDrawerSlot';
import '@/modules/contacts/components/contacts.css';

const freshnessLabels: Record<Contact['dataFreshness'], string> = {
  fresh: 'Up to date',
  stale: 'Due for a refresh',
  unknown: 'Not fetched',
};

/**
 * One contact in full: the professional profile, the e-mail and its verification, the primary draft, the conversation
 * (e-mails sent and answers), the user's own fields to edit.
 */
export const ContactDrawer = ({ contactId, onClose, onChanged, startReply = false }: ContactDrawerProps) => {
  const { data, error, isLoading, mutate } = useContactDetail(contactId);
  const { removeMany, findEmails } = useContactActions();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'lookup' | 'delete' | null>(null);
  const contact = data?.contact;

  const handleClose = () => {
    setEditing(false);
    onClose();
  };

  const handleSaved = (saved: Contact) => {
    void mutate({ contact: saved, draft: data?.draft ?? null }, { revalidate: false });
    setEditing(false);
    toast.success('Contact saved');
    onChanged();
  };

  const handleLookup = async () => {
    if (!contact) return;
    setBusy('lookup');
    try {
      const { queued } = await findEmails([contact.id]);
      if (queued.length) toast.info('Looking up an e-mail address');
      else
        toast.info('No lookup needed', {
          description: 'This contact already has a verified address or no attempts left.',
        });
      await mutate();
      onChanged();
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleDelete = async () => {
    if (!contact) return;
    setBusy('delete');
    const failed = await removeMany([contact.id]);
    setBusy(null);
    if (failed.length) {
      toast.error('The contact could not be deleted. Please try again.');
      return;
    }
    toast.success(`${contact.name || 'Contact'} deleted`);
    onChanged();
    handleClose();
  };

  return (
    <Drawer
      open={contactId !== null}
      onClose={handleClose}
      size={560}
      title={contact ? contact.name || 'Unnamed contact' : 'Contact'}
      data-testid="contact-drawer"
      extra={
        contact && !editing ? (
          <Space>
            <BookMeetingButton contact={{ id: contact.id, name: contact.name || 'Unnamed contact' }} />
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Popconfirm
              title="Delete this contact?"
              description="Its notes and status go too. The slot it used is not given back."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => void handleDelete()}
            >
              <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} aria-label="Delete contact" />
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {error ? (
        <Alert type="error" showIcon title="The contact could not be loaded" description={error.message} />
      ) : null}
      {isLoading && !contact ? <Skeleton active avatar paragraph={{ rows: 8 }} /> : null}
      {contact ? (
        editing ? (
          <ContactEditForm
            key={contact.id}
            contact={contact}
            onSaved={handleSaved}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="contact-details">
            <div className="contact-details__head">
              <ContactAvatar name={contact.name} avatarUrl={contact.avatarUrl} size={64} />
              <div className="contact-details__who">
                <Typography.Title level={3} className="contact-details__name" data-testid="drawer-name">
                  {contact.name || 'Unnamed contact'}
                </Typography.Title>
                <Typography.Text type="secondary" data-testid="drawer-role">
                  {contact.currentRole ||
                    [contact.jobTitle, contact.company].filter(Boolean).join(' at ') ||
                    'No role yet'}
                </Typography.Text>
                <div className="contact-details__tags">
                  <Tag color={relationshipColors[contact.relationshipStatus]}>
                    {relationshipLabels[contact.relationshipStatus]}
                  </Tag>
                  {contact.linkedinUrl ? (
                    <Typography.Link
                      href={contact.canonicalLinkedinUrl || contact.linkedinUrl}
                      target="_blank"
                      rel="noreferrer"
                    >
                      <LinkedinFilled /> LinkedIn profile
                    </Typography.Link>
                  ) : null}
                </div>
              </div>
            </div>

            <section aria-label="E-mail" className="contact-details__email" data-testid="drawer-email">
              <div className="contact-details__email-row">
                <Space size={8} className="contact-details__email-address">
                  <MailOutlined className="contact-details__email-icon" />
                  <Typography.Text strong copyable={contact.email ? { text: contact.email } : false}>
                    {contact.email || 'No address yet'}
                  </Typography.Text>
                  <EmailTag contact={contact} />
                  {addressState(contact) === 'unconfirmed' ? (
                    <ConfirmAddressButton
                      contact={contact}
                      onConfirmed={(saved) => {
                        void mutate({ contact: saved, draft: data?.draft ?? null }, { revalidate: false });
                        onChanged();
                      }}
                    />
                  ) : null}
                </Space>
                {canLookUpEmail(contact) && contact.emailLookupStatus !== 'pending' ? (
                  <Button size="small" onClick={() => void handleLookup()} loading={busy === 'lookup'}>
                    Find e-mail
                  </Button>
                ) : null}
              </div>
              {contact.emailLookupAttempts > 0 ? (
                <Typography.Text type="secondary" className="contact-details__lookups">
                  {contact.emailLookupAttempts} lookup{contact.emailLookupAttempts === 1 ? '' : 's'}
                  {emailOriginLabel(contact) ? ` · ${emailOriginLabel(contact)}` : ''}
                  {contact.emailVerifiedAt ? ` · verified ${formatDate(contact.emailVerifiedAt)}` : ''}
                </Typography.Text>
              ) : null}
            </section>

            <ContactDraftSummary draft={data?.draft ?? null} />

            <ConversationThread key={contact.id} contactId={contact.id} startReply={startReply} />

            <ProfileSummary education={contact.education} experiences={contact.experiences} />

            <Divider className="contact-details__divider" />
            <Descriptions
              column={2}
              size="small"
              items={[
                { key: 'company', label: 'Company', children: contact.company || '—' },
                { key: 'title', label: 'Role', children: contact.jobTitle || '—' },
                { key: 'emailStatus', label: 'E-mail status', children: emailStatusLabel(contact) },
                { key: 'emails', label: 'E-mails sent', children: contact.emailCount },
                { key: 'added', label: 'Added', children: formatDate(contact.importedAt) },
                { key: 'updated', label: 'Last updated', children: formatDate(contact.lastUpdated) },
                ...(contact.linkedinUrl
                  ? [
                      {
                        key: 'profile',
                        label: 'Profile data',
                        children: `${freshnessLabels[contact.dataFreshness]}${contact.linkedinScrapedAt ? ` · ${formatDate(contact.linkedinScrapedAt)}` : ''}`,
                      },
                    ]
                  : []),
              ]}
            />
            {contact.notes ? (
              <div>
                <Typography.Text type="secondary" className="contacts-text--caps">
                  Notes
                </Typography.Text>
                <Typography.Paragraph className="contact-details__notes">{contact.notes}</Typography.Paragraph>
              </div>
            ) : null}
          </div>
        )
      ) : null}
    </Drawer>
  );
};
