import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkedinUrlSchema } from '@shared/schemas/contacts';
import { useApiClient } from '@/lib/http/useApiClient';
import type { Contact, ContactPreview } from '../api/contactMapping';
import { previewContact } from '../api/contactsApi';
import { useContactActions } from '../hooks/useContactActions';
import { failureReason } from '../utils/importContacts';
import { isContactLimitError } from '../utils/isContactLimitError';
import { ContactAvatar } from './ContactAvatar';
import { ProfileSummary } from './ProfileSummary';
import './contacts.css';

export type AddByUrlPanelProps = {
  onAdded: (contact: Contact) => void;
  onOpenExisting: (contactId: string) => void;
};

/** Add by LinkedIn URL: the profile is previewed first (no slot used), then added. */
export const AddByUrlPanel = ({ onAdded, onOpenExisting }: AddByUrlPanelProps) => {
  const { t } = useTranslation('contacts');
  const api = useApiClient();
  const { add } = useContactActions();
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<ContactPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'add' | null>(null);

  const handlePreview = async () => {
    const parsed = linkedinUrlSchema.safeParse(url);
    if (!parsed.success) {
      setError(t('addUrl.invalidUrl'));
      return;
    }
    setBusy('preview');
    setError(null);
    setPreview(null);
    try {
      setPreview(await previewContact(api, parsed.data));
    } catch (caught) {
      setError(failureReason(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleAdd = async () => {
    setBusy('add');
    setError(null);
    try {
      const contact = await add({ linkedinUrl: url.trim() });
      setUrl('');
      setPreview(null);
      onAdded(contact);
    } catch (caught) {
      // the limit has its own dialog
      if (!isContactLimitError(caught)) setError(failureReason(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="add-by-url">
      <Form layout="vertical" onFinish={() => void handlePreview()} requiredMark={false}>
        <Form.Item label={t('addUrl.label')} className="add-by-url__field" htmlFor="add-contact-url">
          <div className="add-by-url__row">
            <Input
              id="add-contact-url"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setPreview(null);
              }}
              placeholder="https://www.linkedin.com/in/ada-lovelace"
              autoFocus
              allowClear
            />
            <Button htmlType="submit" loading={busy === 'preview'} disabled={!url.trim()}>
              {t('addUrl.preview')}
            </Button>
          </div>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      {preview ? (
        <Card size="small" data-testid="contact-preview" className="contact-preview">
          <div className="contact-preview__head">
            <ContactAvatar name={preview.name} avatarUrl={preview.avatarUrl} size={52} />
            <div className="contact-preview__who">
              <Typography.Title level={3} className="contact-preview__name">
                {preview.name}
              </Typography.Title>
              <Typography.Text type="secondary">
                {[preview.currentRole, preview.company].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
            {preview.existingContactId ? <Tag color="blue">{t('addUrl.alreadyIn')}</Tag> : null}
          </div>
          <ProfileSummary education={preview.education} experiences={preview.experiences} limit={2} />
          <div className="contact-preview__actions">
            {preview.existingContactId ? (
              <Button type="primary" onClick={() => onOpenExisting(preview.existingContactId ?? '')}>
                {t('addUrl.openContact')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => void handleAdd()} loading={busy === 'add'}>
                {t('dashboard.addContact')}
              </Button>
            )}
          </div>
        </Card>
      ) : (
        <Typography.Paragraph type="secondary" className="contacts-hint">
          {t('addUrl.hint')}
        </Typography.Paragraph>
      )}
    </div>
  );
};
