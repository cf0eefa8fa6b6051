import { Button, Form, Input, Typography } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shared/schemas/profile';
import { SectionCard } from '@/ui/SectionCard';
import { useToast } from '@/ui/toast/useToast';
import { isApiError } from '@/lib/http/ApiError';
import { useProfileUpdate } from '@/modules/profile/hooks/useProfileUpdate';
import { useReportDirty } from '@/modules/profile/hooks/useReportDirty';
import { fieldErrors } from '@/lib/http/fieldErrors';
import { changedFields } from '@/modules/profile/utils/profileChanges';
import { fieldMaxLength } from '@/modules/profile/utils/profileFormFields';
import { documentKindSpecs, documentText } from '../utils/documentKinds';
import { DocumentFilePanel } from './DocumentFilePanel';
import './DocumentFilePanel.css';

export type DocumentCardProps = {
  kind: 'resume' | 'cover-letter';
  profile: Profile;
};

type EditorValues = { content: string; company: string };

const savedValues = (kind: DocumentCardProps['kind'], profile: Profile): EditorValues =>
  kind === 'resume'
    ? { content: profile.resumeContent, company: '' }
    : { content: profile.coverLetterContent, company: profile.coverLetterCompany };

/**
 * The résumé or the cover letter (SPEC §7 'Profile'): its file, and its extracted text in an editor saved with
 * `PUT /api/profiles`; the cover letter also names the company it is for (sent with an upload, saved with the text).
 */
export const DocumentCard = ({ kind, profile }: DocumentCardProps) => {
  const { t } = useTranslation('documents');
  const spec = documentKindSpecs[kind];
  const text = (key: string) => documentText(spec, key);
  const [form] = Form.useForm<EditorValues>();
  const saved = savedValues(kind, profile);
  const [values, setValues] = useState(saved);
  const [saving, setSaving] = useState(false);
  const { saveProfile } = useProfileUpdate();
  const toast = useToast();

  const contentField = spec.contentField as 'resumeContent' | 'coverLetterContent';
  const changes =
    kind === 'resume'
      ? changedFields({ resumeContent: saved.content }, { resumeContent: values.content })
      : changedFields(
          { coverLetterContent: saved.content, coverLetterCompany: saved.company },
          { coverLetterContent: values.content, coverLetterCompany: values.company },
        );
  const dirty = Object.keys(changes).length > 0;
  useReportDirty(`document-${kind}`, dirty);

  const show = (next: EditorValues) => {
    form.setFieldsValue(next);
    setValues(next);
  };

  // An upload or a removal changes the stored text: the editor follows it.
  useEffect(() => {
    const next = { content: saved.content, company: saved.company };
    form.setFieldsValue(next);
    setValues(next);
  }, [form, saved.content, saved.company]);

  const handleSave = async () => {
    if (!dirty) return;
    setSaving(true);
    try {
      const profileAfter = await saveProfile(changes);
      show(savedValues(kind, profileAfter));
      toast.success(text('saved'));
    } catch (error) {
      const errors = fieldErrors(error, [contentField, 'coverLetterCompany'] as const).map(
        ({ name, errors: messages }) => ({
          name: name === 'coverLetterCompany' ? ('company' as const) : ('content' as const),
          errors: messages,
        }),
      );
      form.setFields(errors);
      toast.error(text('saveFailed'), { description: isApiError(error) ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard
      title={text('title')}
      description={text('description')}
      id={`profile-${kind}`}
      data-testid={`profile-${kind}`}
    >
      <Form
        className="document-card"
        form={form}
        name={`document-${kind}`}
        layout="vertical"
        requiredMark={false}
        initialValues={saved}
        onValuesChange={(_, all) => setValues((current) => ({ ...current, ...all }))}
        onFinish={() => void handleSave()}
        aria-label={text('title')}
      >
        {kind === 'cover-letter' ? (
          <Form.Item name="company" label={t('company')} extra={t('companyExtra')} className="document-card__company">
            <Input placeholder="Analytical Engines Ltd" maxLength={fieldMaxLength('coverLetterCompany')} />
          </Form.Item>
        ) : null}
        <div className="document-card__files">
          <DocumentFilePanel
            spec={spec}
            profile={profile}
            company={() => form.getFieldValue('company') ?? ''}
            removeNote={text('removeNote')}
          />
        </div>
        <Form.Item
          name="content"
          label={text('textLabel')}
          extra={
            saved.content ? undefined : (
              <Typography.Text type="secondary" className="document-card__note">
                {t('textNote')}
              </Typography.Text>
            )
          }
          className="document-card__text"
        >
          <TextArea
            placeholder={text('placeholder')}
            autoSize={{ minRows: 6, maxRows: 18 }}
            maxLength={fieldMaxLength(contentField)}
            data-testid={`document-${kind}-text`}
          />
        </Form.Item>
        <div className="document-card__actions">
          {dirty ? (
            <Typography.Text type="secondary" className="document-card__note">
              {t('unsaved')}
            </Typography.Text>
          ) : null}
          <Button onClick={() => show(saved)} disabled={!dirty || saving}>
            {t('discard')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
            {t('save')}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
};
