import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EmailLanguage, emailLanguages } from '@shared/languages';
import { useApiClient } from '@/lib/http/useApiClient';
import type { Contact } from '@/modules/contacts/api/contactMapping';
import { updateContact } from '@/modules/contacts/api/contactsApi';
import { useToast } from '@/ui/toast/useToast';

export type ContactEmailLanguageProps = {
  contact: Contact;
  onSaved: (contact: Contact) => void;
};

/** 'German' for 'de', named in the interface's language. */
const nameIn = (interfaceLanguage: string, code: string) => {
  try {
    const name = new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(interfaceLanguage) + name.slice(1);
  } catch {
    return code;
  }
};

/**
 * The language AI e-mails to this contact are written in (SPEC §3 `language`, shared/languages.ts `emailLanguageOf`):
 * the user's own by default, or one of the contact's (a German-speaking contact of an English-speaking user). Saved
 * at once with the contact's update; 'Same as mine' sends null, which takes the contact's own back.
 */
export const ContactEmailLanguage = ({ contact, onSaved }: ContactEmailLanguageProps) => {
  const { t, i18n } = useTranslation('contactDetail');
  const api = useApiClient();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const same = 'same';
  const options = [
    { value: same, label: t('emailLanguage.same', { language: nameIn(i18n.language, i18n.language) }) },
    ...emailLanguages.map((code) => ({ value: code, label: nameIn(i18n.language, code) })),
  ];

  const handleChange = async (value: string) => {
    setSaving(true);
    try {
      onSaved(
        await updateContact(api, contact.id, { emailLanguage: value === same ? null : (value as EmailLanguage) }),
      );
    } catch (caught) {
      toast.error(t('emailLanguage.saveFailed'), {
        description: caught instanceof Error ? caught.message : String(caught),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Select
      size="small"
      className="contact-details__email-language"
      aria-label={t('emailLanguage.label')}
      value={contact.emailLanguage ?? same}
      options={options}
      loading={saving}
      disabled={saving}
      popupMatchSelectWidth={false}
      onChange={(value) => void handleChange(value)}
    />
  );
};
