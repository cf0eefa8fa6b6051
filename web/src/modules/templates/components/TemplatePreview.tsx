import { placeholderLabels, unknownPlaceholders } from '@shared/placeholders';
import { Alert, Select, Skeleton, Typography } from 'antd';
import { useContactOptions } from '../hooks/useContactOptions';
import { useTemplatePreview } from '../hooks/useTemplatePreview';

export type TemplatePreviewProps = {
  /** null until the template is saved: the preview renders a saved template */
  templateId: string | null;
  subject: string;
  body: string;
  /** the contact chosen to preview on */
  contactId: string | null;
  onContactChange: (contactId: string | null) => void;
};

/** The editor's text filled in for a chosen contact (the render route), with what that contact has no value for. */
export const TemplatePreview = ({ templateId, subject, body, contactId, onContactChange }: TemplatePreviewProps) => {
  const options = useContactOptions();
  const preview = useTemplatePreview(templateId, contactId, { subject, body });

  if (!templateId) {
    return (
      <Typography.Paragraph type="secondary" className="templates-preview__hint">
        Save the template to preview it on one of your contacts.
      </Typography.Paragraph>
    );
  }
  const noContacts = !options.isLoading && !options.searching && options.contacts.length === 0;
  const unknown = unknownPlaceholders(subject, body).length > 0;
  const rendered = unknown ? undefined : preview.data;
  return (
    <div className="templates-preview">
      {noContacts ? (
        <Typography.Paragraph type="secondary" className="templates-preview__hint">
          Add a contact on the dashboard to preview the template on them.
        </Typography.Paragraph>
      ) : (
        <Select
          showSearch={{ filterOption: false, onSearch: options.search }}
          allowClear
          className="templates-preview__contact"
          aria-label="Preview on contact"
          placeholder="Choose a contact to preview on"
          loading={options.isLoading}
          value={contactId ?? undefined}
          onChange={(value?: string) => onContactChange(value ?? null)}
          options={options.contacts.map((contact) => ({
            value: contact.id,
            label: contact.company
              ? `${contact.name} · ${contact.company}`
              : contact.name || contact.email || 'Unnamed',
          }))}
        />
      )}
      {contactId && !unknown && preview.error ? (
        <Alert type="error" showIcon title="The preview could not be made" description={preview.error.message} />
      ) : null}
      {contactId && unknown ? (
        <Typography.Paragraph type="secondary" className="templates-preview__hint">
          The preview shows again once every placeholder is one of the list.
        </Typography.Paragraph>
      ) : null}
      {contactId && !unknown && !rendered && !preview.error ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {contactId && rendered && !preview.error ? (
        <div className="templates-preview__mail" data-testid="template-preview">
          {rendered.missing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              className="templates-preview__missing"
              title="Some placeholders have no value for this contact"
              description={`${rendered.missing.map((name) => placeholderLabels[name]).join(', ')}: they stay as written until you fill them in.`}
            />
          ) : null}
          <Typography.Text type="secondary" className="templates-text--small">
            Subject
          </Typography.Text>
          <Typography.Paragraph strong className="templates-preview__subject" data-testid="template-preview-subject">
            {rendered.subject || '(no subject)'}
          </Typography.Paragraph>
          <Typography.Paragraph className="templates-preview__body" data-testid="template-preview-body">
            {rendered.body}
          </Typography.Paragraph>
        </div>
      ) : null}
    </div>
  );
};
