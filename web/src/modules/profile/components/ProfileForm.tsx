import { Button, Form, Input } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shared/schemas/profile';
import { useToast } from '@/ui/toast/useToast';
import { SectionCard } from '@/ui/SectionCard';
import { isApiError } from '@/lib/http/ApiError';
import { useProfileUpdate } from '../hooks/useProfileUpdate';
import { useReportDirty } from '../hooks/useReportDirty';
import { fieldErrors } from '@/lib/http/fieldErrors';
import { changedFields } from '../utils/profileChanges';
import {
  fieldMaxLength,
  profileFormFields,
  profileFormValues,
  profileSections,
  type ProfileFieldSpec,
  type ProfileFormValues,
} from '../utils/profileFormFields';
import './ProfileForm.css';

export type ProfileFormProps = {
  profile: Profile;
  /**
   * The background file's upload, shown in the Background group above the text. It is given a setter, so the text
   * a processed file put on the profile replaces what the form shows.
   */
  renderBackgroundFile?: (setBackground: (text: string) => void) => ReactNode;
};

const ProfileInput = ({ field }: { field: ProfileFieldSpec }) => {
  const { t } = useTranslation('profile');
  const maxLength = fieldMaxLength(field.name);
  const placeholder = t(`fields.${field.name}.placeholder`);
  return (
    <Form.Item
      name={field.name}
      label={t(`fields.${field.name}.label`)}
      extra={field.help ? t(`fields.${field.name}.help`) : undefined}
      className={field.half ? undefined : 'profile-form__field--full'}
    >
      {field.rows ? (
        <TextArea
          placeholder={placeholder}
          maxLength={maxLength}
          autoSize={{ minRows: field.rows, maxRows: Math.max(field.rows * 3, 12) }}
          showCount={field.rows >= 3 && maxLength ? { formatter: ({ count }) => `${count} / ${maxLength}` } : false}
        />
      ) : (
        <Input placeholder={placeholder} maxLength={maxLength} />
      )}
    </Form.Item>
  );
};

/**
 * SPEC §3 user profile, the fields a person edits, in three groups with one save: `PUT /api/profiles` with only what
 * changed (then the normalised profile is refreshed when a drafting field changed, SPEC §7). The server's field
 * messages show under their fields.
 */
export const ProfileForm = ({ profile, renderBackgroundFile }: ProfileFormProps) => {
  const [form] = Form.useForm<ProfileFormValues>();
  const [values, setValues] = useState(() => profileFormValues(profile));
  const [saving, setSaving] = useState(false);
  const { saveProfile } = useProfileUpdate();
  const toast = useToast();
  const { t } = useTranslation('profile');

  const changes = changedFields(profileFormValues(profile), values);
  const dirty = Object.keys(changes).length > 0;
  useReportDirty('profile-form', dirty);

  const show = (next: ProfileFormValues) => {
    form.setFieldsValue(next);
    setValues(next);
  };

  const clearErrors = () => form.setFields(profileFormFields.map((name) => ({ name, errors: [] })));

  const setBackground = (background: string) => {
    form.setFieldValue('background', background);
    setValues((current) => ({ ...current, background }));
  };

  const handleSave = async () => {
    if (!dirty) return;
    setSaving(true);
    clearErrors();
    try {
      const saved = await saveProfile(changes);
      show(profileFormValues(saved));
      toast.success(t('form.saved'));
    } catch (error) {
      const errors = fieldErrors(error, profileFormFields);
      form.setFields(errors);
      toast.error(errors.length > 0 ? t('form.fieldsNeedLook') : t('form.saveFailed'), {
        description:
          errors.length > 0
            ? errors.map((field) => field.errors.join(' ')).join(' ')
            : isApiError(error)
              ? error.message
              : undefined,
      });
    } finally {
      setSaving(false);
    }
  };

  const handleDiscard = () => {
    show(profileFormValues(profile));
    clearErrors();
  };

  return (
    <Form
      form={form}
      name="profile"
      layout="vertical"
      requiredMark={false}
      initialValues={values}
      onValuesChange={(_, all) => setValues((current) => ({ ...current, ...all }))}
      onFinish={() => void handleSave()}
      className="profile-form"
      aria-label={t('form.label')}
      data-testid="profile-form"
    >
      {profileSections.map((section) => (
        <SectionCard
          key={section.id}
          id={`profile-${section.id}`}
          title={t(`sections.${section.id}.title`)}
          description={t(`sections.${section.id}.description`)}
          data-testid={`profile-section-${section.id}`}
        >
          {section.id === 'background' && renderBackgroundFile ? (
            <div className="profile-form__attachment">
              <div className="profile-form__attachment-label">
                {t('form.backgroundFile')} <span>{t('form.backgroundFileHint')}</span>
              </div>
              {renderBackgroundFile(setBackground)}
            </div>
          ) : null}
          <div className="profile-form__grid">
            {section.fields.map((field) => (
              <ProfileInput key={field.name} field={field} />
            ))}
          </div>
        </SectionCard>
      ))}
      <div className={`profile-form__savebar${dirty ? ' profile-form__savebar--dirty' : ''}`}>
        <span className="profile-form__savebar-status" role="status">
          {dirty ? t('form.unsaved') : t('form.allSaved')}
        </span>
        <Button onClick={handleDiscard} disabled={!dirty || saving}>
          {t('form.discard')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
          {t('form.save')}
        </Button>
      </div>
    </Form>
  );
};
