import { Button, Form, Input } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState, type ReactNode } from 'react';
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
  const maxLength = fieldMaxLength(field.name);
  return (
    <Form.Item
      name={field.name}
      label={field.label}
      extra={field.help}
      className={field.half ? undefined : 'profile-form__field--full'}
    >
      {field.rows ? (
        <TextArea
          placeholder={field.placeholder}
          maxLength={maxLength}
          autoSize={{ minRows: field.rows, maxRows: Math.max(field.rows * 3, 12) }}
          showCount={field.rows >= 3 && maxLength ? { formatter: ({ count }) => `${count} / ${maxLength}` } : false}
        />
      ) : (
        <Input placeholder={field.placeholder} maxLength={maxLength} />
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
      toast.success('Profile saved');
    } catch (error) {
      const errors = fieldErrors(error, profileFormFields);
      form.setFields(errors);
      toast.error(errors.length > 0 ? 'Some fields need another look' : 'Your profile could not be saved', {
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
      aria-label="Profile"
      data-testid="profile-form"
    >
      {profileSections.map((section) => (
        <SectionCard
          key={section.id}
          id={`profile-${section.id}`}
          title={section.title}
          description={section.description}
          data-testid={`profile-section-${section.id}`}
        >
          {section.id === 'background' && renderBackgroundFile ? (
            <div className="profile-form__attachment">
              <div className="profile-form__attachment-label">
                Background file <span>· optional; its text replaces the background below</span>
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
          {dirty ? 'You have unsaved changes' : 'All changes saved'}
        </span>
        <Button onClick={handleDiscard} disabled={!dirty || saving}>
          Discard
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
          Save changes
        </Button>
      </div>
    </Form>
  );
};
