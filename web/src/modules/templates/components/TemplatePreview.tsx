import { unknownPlaceholders } from '@shared/placeholders';
import { Alert, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContactOptions } from '../hooks/useContactOptions';
import { useTemplatePreview } from '../hooks/useTemplatePreview';
import { placeholderLabel } from '../utils/placeholderLabel';

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
  const { t } = useTranslation('templates');
  const options = useContactOptions();
  const preview = useTemplatePreview(templateId, contactId, { subject, body });

  if (!templateId) {
    return (
      <Typography.Paragraph type="secondary" className="templates-preview__hint">
        {t('preview.saveFirst')}
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
          {t('preview.noContacts')}
        </Typography.Paragraph>
      ) : (
        <Select
          showSearch={{ filterOption: false, onSearch: options.search }}
          allowClear
          className="templates-preview__contact"
          aria-label={t('preview.onContact')}
          placeholder={t('preview.chooseContact')}
          loading={options.isLoading}
          value={contactId ?? undefined}
          onChange={(value?: string) => onContactChange(value ?? null)}
          options={options.contacts.map((contact) => ({
            value: contact.id,
            label: contact.company
              ? `${contact.name} · ${contact.company}`
              : contact.name || contact.email || t('preview.unnamed'),
          }))}
        />
      )}
      {contactId && !unknown && preview.error ? (
        <Alert type="error" showIcon title={t('preview.failed')} description={preview.error.message} />
      ) : null}
      {contactId && unknown ? (
        <Typography.Paragraph type="secondary" className="templates-preview__hint">
          {t('preview.unknown')}
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
              title={t('preview.missingTitle')}
              description={t('preview.missing', {
                count: rendered.missing.length,
                names: rendered.missing.map(placeholderLabel).join(', '),
              })}
            />
          ) : null}
          <Typography.Text type="secondary" className="templates-text--small">
            {t('editor.subject')}
          </Typography.Text>
          <Typography.Paragraph strong className="templates-preview__subject" data-testid="template-preview-subject">
            {rendered.subject || t('noSubject')}
          </Typography.Paragraph>
          <Typography.Paragraph className="templates-preview__body" data-testid="template-preview-body">
            {rendered.body}
          </Typography.Paragraph>
        </div>
      ) : null}
    </div>
  );
};
