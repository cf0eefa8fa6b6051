import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
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
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'Enter the person’s name' }]}
      >
        <Input placeholder="Ada Lovelace" maxLength={160} autoFocus />
      </Form.Item>
      <div className="contact-form__pair">
        <Form.Item name="company" label="Company">
          <Input placeholder="Analytical Engines Ltd" maxLength={160} />
        </Form.Item>
        <Form.Item name="jobTitle" label="Role">
          <Input placeholder="Head of Research" maxLength={160} />
        </Form.Item>
      </div>
      <Form.Item name="email" label="E-mail" rules={[{ type: 'email', message: 'Enter a valid e-mail address' }]}>
        <Input placeholder="ada@example.com" maxLength={320} />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} role="alert" className="contact-form__error" /> : null}
      <div className="contact-form__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          Add contact
        </Button>
      </div>
    </Form>
  );
};
