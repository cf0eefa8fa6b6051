import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@/lib/http/fieldErrors';
import type { Contact } from '../api/contactMapping';
import { useContactActions } from '../hooks/useContactActions';
import { isContactLimitError } from '../utils/isContactLimitError';
import './contacts.css';

export type AddByHandPanelProps = { onAdded: (contact: Contact) => void };

type ManualContactForm = { name: string; company?: string; jobTitle?: string; email?: string };

const wireFields: Record<string, keyof ManualContactForm> = {
  name: 'name',
  company: 'company',
  job_title: 'jobTitle',
  email: 'email',
};

/** Add a person by hand: name, company, role and e-mail (the e-mail is verified like a found one). */
export const AddByHandPanel = ({ onAdded }: AddByHandPanelProps) => {
  const { t } = useTranslation('contacts');
  const [form] = Form.useForm<ManualContactForm>();
  const { add } = useContactActions();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleFinish = async (values: ManualContactForm) => {
    setSaving(true);
    setError(null);
    try {
      const contact = await add({
        name: values.name.trim(),
        ...(values.company?.trim() ? { company: values.company.trim() } : {}),
        ...(values.jobTitle?.trim() ? { jobTitle: values.jobTitle.trim() } : {}),
        ...(values.email?.trim() ? { email: values.email.trim() } : {}),
      });
      form.resetFields();
      onAdded(contact);
    } catch (caught) {
      if (isContactLimitError(caught)) return;
      const known = fieldErrors(caught, wireFields);
      if (known.length) form.setFields(known);
      else setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void handleFinish(values)} requiredMark="optional">
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
      >
        <Input placeholder="Ada Lovelace" maxLength={160} autoFocus />
      </Form.Item>
      <div className="contact-form__pair">
        <Form.Item name="company" label={t('form.company')}>
          <Input placeholder="Analytical Engines Ltd" maxLength={160} />
        </Form.Item>
        <Form.Item name="jobTitle" label={t('form.role')}>
          <Input placeholder={t('form.rolePlaceholder')} maxLength={160} />
        </Form.Item>
      </div>
      <Form.Item name="email" label={t('table.email')} rules={[{ type: 'email', message: t('form.emailInvalid') }]}>
        <Input placeholder="ada@example.com" maxLength={320} />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} role="alert" className="contact-form__error" /> : null}
      <div className="contact-form__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('dashboard.addContact')}
        </Button>
      </div>
    </Form>
  );
};
