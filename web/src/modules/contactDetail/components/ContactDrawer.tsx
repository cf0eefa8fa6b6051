import { DeleteOutlined, EditOutlined, LinkedinFilled, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Divider, Drawer, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { addressState } from '@shared/addresses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversationThread } from '@/modules/conversations/components/ConversationThread';
import { BookMeetingButton } from '@/modules/meetings/components/BookMeetingButton';
import { ContactDraftSummary } from '@/modules/outreach/components/ContactDraftSummary';
import { ContactSequence } from '@/modules/sequences/components/ContactSequence';
import { useToast } from '@/ui/toast/useToast';
import type { Contact } from '@/modules/contacts/api/contactMapping';
import { formatDay } from '@/lib/formatDate';
import { useContactActions } from '@/modules/contacts/hooks/useContactActions';
import { useContactDetail } from '@/modules/contacts/hooks/useContactDetail';
import {
  emailOriginLabel,
  emailStatusLabel,
  formatDate,
  relationshipColors,
  relationshipLabel,
} from '@/modules/contacts/utils/contactLabels';
import { canLookUpEmail } from '@/modules/contacts/utils/emailVerification';
import { ContactAvatar } from '@/modules/contacts/components/ContactAvatar';
import { ContactEditForm } from '@/modules/contacts/components/ContactEditForm';
import { ConfirmAddressButton } from '@/modules/contacts/components/ConfirmAddressButton';
import { EmailTag } from '@/modules/contacts/components/EmailTag';
import { ProfileSummary } from '@/modules/contacts/components/ProfileSummary';
import type { ContactDrawerProps } from '@/modules/contacts/components/ContactDrawerSlot';
import { ContactEmailLanguage } from './ContactEmailLanguage';
import '@/modules/contacts/components/contacts.css';

/**
 * One contact in full: the professional profile, the e-mail and its verification, the primary draft, the conversation
 * (e-mails sent and answers), the user's own fields to edit.
 */
export const ContactDrawer = ({ contactId, onClose, onChanged, startReply = false }: ContactDrawerProps) => {
  const { t, i18n } = useTranslation('contactDetail');
  const { data, error, isLoading, mutate } = useContactDetail(contactId);
  const { removeMany, findEmails } = useContactActions();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'lookup' | 'delete' | null>(null);
  const contact = data?.contact;
  const linkedin = linkedinTexts(contact?.linkedinData);

  const handleClose = () => {
    setEditing(false);
    onClose();
  };

  const handleSaved = (saved: Contact) => {
    void mutate({ contact: saved, draft: data?.draft ?? null }, { revalidate: false });
    setEditing(false);
    toast.success(t('saved'));
    onChanged();
  };

  const handleLookup = async () => {
    if (!contact) return;
    setBusy('lookup');
    try {
      const { queued } = await findEmails([contact.id]);
      if (queued.length) toast.info(t('lookingUp'));
      else toast.info(t('noLookup'), { description: t('noLookupDescription') });
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
      toast.error(t('deleteFailed'));
      return;
    }
    toast.success(t('deleted', { name: contact.name || t('contact') }));
    onChanged();
    handleClose();
  };

  return (
    <Drawer
      open={contactId !== null}
      onClose={handleClose}
      size={560}
      title={contact ? contact.name || t('unnamedContact') : t('contact')}
      data-testid="contact-drawer"
      extra={
        contact && !editing ? (
          <Space>
            <BookMeetingButton contact={{ id: contact.id, name: contact.name || t('unnamedContact') }} />
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('deleteTitle')}
              description={t('deleteDescription')}
              okText={t('delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => void handleDelete()}
            >
              <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} aria-label={t('deleteContact')} />
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {error ? <Alert type="error" showIcon title={t('loadFailed')} description={error.message} /> : null}
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
                  {contact.name || t('unnamedContact')}
                </Typography.Title>
                <Typography.Text type="secondary" className="contact-details__line" data-testid="drawer-role">
                  {contact.currentRole ||
                    (contact.jobTitle && contact.company
                      ? t('jobAtCompany', { jobTitle: contact.jobTitle, company: contact.company })
                      : contact.jobTitle || contact.company) ||
                    t('noRole')}
                </Typography.Text>
                {linkedin.headline && linkedin.headline !== contact.currentRole ? (
                  <Typography.Text type="secondary" className="contact-details__line" data-testid="drawer-headline">
                    {linkedin.headline}
                  </Typography.Text>
                ) : null}
                <div className="contact-details__tags">
                  <Tag color={relationshipColors[contact.relationshipStatus]}>
                    {relationshipLabel(contact.relationshipStatus)}
                  </Tag>
                  {contact.linkedinUrl ? (
                    <Typography.Link
                      href={contact.canonicalLinkedinUrl || contact.linkedinUrl}
                      target="_blank"
                      rel="noreferrer"
                    >
                      <LinkedinFilled /> {t('linkedinProfile')}
                    </Typography.Link>
                  ) : null}
                </div>
              </div>
            </div>

            <section aria-label={t('email')} className="contact-details__email" data-testid="drawer-email">
              <div className="contact-details__email-row">
                <Space size={8} className="contact-details__email-address">
                  <MailOutlined className="contact-details__email-icon" />
                  <Typography.Text strong copyable={contact.email ? { text: contact.email } : false}>
                    {contact.email || t('noAddress')}
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
                    {t('findEmail')}
                  </Button>
                ) : null}
              </div>
              {contact.emailLookupAttempts > 0 ? (
                <Typography.Text type="secondary" className="contact-details__lookups">
                  {t('lookups', { count: contact.emailLookupAttempts })}
                  {emailOriginLabel(contact) ? ` · ${emailOriginLabel(contact)}` : ''}
                  {contact.emailVerifiedAt ? ` · ${t('verified', { time: formatDate(contact.emailVerifiedAt) })}` : ''}
                </Typography.Text>
              ) : null}
            </section>

            <ContactDraftSummary draft={data?.draft ?? null} />

            <ContactSequence contactId={contact.id} name={contact.name || t('unnamedContact')} />

            <ConversationThread key={contact.id} contactId={contact.id} startReply={startReply} />

            <ProfileSummary education={contact.education} experiences={contact.experiences} />

            <Divider className="contact-details__divider" />
            <Descriptions
              column={2}
              size="small"
              items={[
                { key: 'company', label: t('company'), children: contact.company || '—' },
                { key: 'title', label: t('role'), children: contact.jobTitle || '—' },
                { key: 'emailStatus', label: t('emailStatus'), children: emailStatusLabel(contact) },
                { key: 'emails', label: t('emailsSent'), children: contact.emailCount },
                {
                  key: 'emailLanguage',
                  label: t('emailLanguage.label'),
                  children: <ContactEmailLanguage contact={contact} onSaved={handleSaved} />,
                },
                { key: 'added', label: t('added'), children: formatDate(contact.importedAt) },
                { key: 'updated', label: t('lastUpdated'), children: formatDate(contact.lastUpdated) },
                ...(contact.connectedAt
                  ? [
                      {
                        key: 'connected',
                        label: t('connectedOnLinkedin'),
                        children: formatDay(contact.connectedAt.slice(0, 10), i18n.language),
                      },
                    ]
                  : []),
                ...(linkedin.location ? [{ key: 'location', label: t('location'), children: linkedin.location }] : []),
                ...(contact.linkedinUrl
                  ? [
                      {
                        key: 'profile',
                        label: t('profileData'),
                        children: `${t(`freshness.${contact.dataFreshness}`)}${contact.linkedinScrapedAt ? ` · ${formatDate(contact.linkedinScrapedAt)}` : ''}`,
                      },
                    ]
                  : []),
              ]}
            />
            {linkedin.summary ? (
              <div data-testid="drawer-about">
                <Typography.Text type="secondary" className="contacts-text--caps">
                  {t('about')}
                </Typography.Text>
                <Typography.Paragraph className="contact-details__notes">{linkedin.summary}</Typography.Paragraph>
              </div>
            ) : null}
            {contact.notes ? (
              <div>
                <Typography.Text type="secondary" className="contacts-text--caps">
                  {t('notes')}
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

/** The texts of SPEC §3 `linkedinData` the drawer shows (the server bounds its shape: shared/schemas/contacts.ts). */
const linkedinTexts = (data: Contact['linkedinData'] | undefined) => {
  const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return { headline: textOf(data?.headline), location: textOf(data?.location), summary: textOf(data?.summary) };
};
