import { Alert, Button, Form, Input, Select } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relationshipStatuses } from '@shared/schemas/contacts';
import { fieldErrors } from '@/lib/http/fieldErrors';
import { useApiClient } from '@/lib/http/useApiClient';
import type { Contact, ContactUpdate } from '../api/contactMapping';
import { updateContact } from '../api/contactsApi';
import { relationshipLabel, type RelationshipStatus } from '../utils/contactLabels';
import './contacts.css';

export type ContactEditFormProps = {
  contact: Contact;
  onSaved: (contact: Contact) => void;
  onCancel: () => void;
};

type EditValues = {
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  email: string;
  relationshipStatus: RelationshipStatus;
  notes: string;
};

const editFields = ['firstName', 'lastName', 'company', 'jobTitle', 'email', 'relationshipStatus', 'notes'] as const;

const wireToField: Record<string, (typeof editFields)[number]> = {
  first_name: 'firstName',
  last_name: 'lastName',
  company: 'company',
  job_title: 'jobTitle',
  email: 'email',
  relationship_status: 'relationshipStatus',
  notes: 'notes',
};

/** The user's own fields of a contact; only what changed is sent (PUT is a partial update). */
export const ContactEditForm = ({ contact, onSaved, onCancel }: ContactEditFormProps) => {
  const { t } = useTranslation('contacts');
  const api = useApiClient();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleFinish = async (values: EditValues) => {
    const changes: ContactUpdate = {};
    for (const field of editFields) {
      const value = typeof values[field] === 'string' ? values[field].trim() : values[field];
      if (value !== contact[field]) Object.assign(changes, { [field]: value });
    }
    if (!Object.keys(changes).length) {
      onCancel();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onSaved(await updateContact(api, contact.id, changes));
    } catch (caught) {
      const known = fieldErrors(caught, wireToField);
      if (known.length) form.setFields(known);
      else setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="contact-edit-form"
      initialValues={Object.fromEntries(editFields.map((field) => [field, contact[field]]))}
      onFinish={(values) => void handleFinish(values)}
    >
      <div className="contact-form__pair">
        <Form.Item name="firstName" label={t('form.firstName')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="lastName" label={t('form.lastName')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="company" label={t('form.company')}>
          <Input maxLength={160} />
        </Form.Item>
        <Form.Item name="jobTitle" label={t('form.role')}>
          <Input maxLength={160} />
        </Form.Item>
      </div>
      <Form.Item
        name="email"
        label={t('table.email')}
        rules={[{ type: 'email', message: t('form.emailInvalid') }]}
        extra={t('form.emailExtra')}
      >
        <Input maxLength={320} />
      </Form.Item>
      <Form.Item
        name="relationshipStatus"
        label={t('table.relationship')}
        // one truth per contact: the relationship is the pipeline stage, so choosing one moves the card
        extra={t('form.relationshipExtra')}
      >
        <Select options={relationshipStatuses.map((status) => ({ value: status, label: relationshipLabel(status) }))} />
      </Form.Item>
      <Form.Item name="notes" label={t('form.notes')}>
        <TextArea rows={4} maxLength={4000} showCount />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} role="alert" className="contact-form__error" /> : null}
      <div className="contact-form__actions">
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('form.saveChanges')}
        </Button>
      </div>
    </Form>
  );
};
