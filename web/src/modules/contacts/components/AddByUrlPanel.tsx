import { Alert, Button, Card, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
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
  const api = useApiClient();
  const { add } = useContactActions();
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<ContactPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'add' | null>(null);

  const handlePreview = async () => {
    const parsed = linkedinUrlSchema.safeParse(url);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Expected a LinkedIn profile URL');
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
        <Form.Item label="LinkedIn profile URL" className="add-by-url__field" htmlFor="add-contact-url">
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
              Preview
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
            {preview.existingContactId ? <Tag color="blue">Already in your contacts</Tag> : null}
          </div>
          <ProfileSummary education={preview.education} experiences={preview.experiences} limit={2} />
          <div className="contact-preview__actions">
            {preview.existingContactId ? (
              <Button type="primary" onClick={() => onOpenExisting(preview.existingContactId ?? '')}>
                Open contact
              </Button>
            ) : (
              <Button type="primary" onClick={() => void handleAdd()} loading={busy === 'add'}>
                Add contact
              </Button>
            )}
          </div>
        </Card>
      ) : (
        <Typography.Paragraph type="secondary" className="contacts-hint">
          Outreach shows the person's profile before adding them. Adding uses one contact slot and starts looking up a
          verified e-mail address.
        </Typography.Paragraph>
      )}
    </div>
  );
};
