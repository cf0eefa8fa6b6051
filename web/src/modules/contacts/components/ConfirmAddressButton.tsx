import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useApiClient } from '@/lib/http/useApiClient';
import { useToast } from '@/ui/toast/useToast';
import type { Contact } from '../api/contactMapping';
import { confirmContactEmail } from '../api/contactsApi';

export type ConfirmAddressButtonProps = {
  contact: Pick<Contact, 'id' | 'email'>;
  /** the contact as the server answered it, confirmed */
  onConfirmed?: (contact: Contact) => void;
  size?: 'small' | 'middle';
};

/** What an answer about the contact makes stale: the contact itself and the Outreach list (its rows' addresses). */
const contactKeys = (key: unknown) => {
  const route = Array.isArray(key) ? key[0] : key;
  return typeof route === 'string' && (route === 'GET /api/contacts/{id}' || route.startsWith('GET /api/outreach'));
};

/**
 * DESIGN §9: a risky (accept-all) address is sent to once the person confirms it for the contact. Asks first, saying
 * what the risk is, then confirms it on the server.
 */
export const ConfirmAddressButton = ({ contact, onConfirmed, size = 'small' }: ConfirmAddressButtonProps) => {
  const { t } = useTranslation('contacts');
  const api = useApiClient();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const domain = contact.email.split('@')[1] ?? t('confirmAddress.thisDomain');

  const handleConfirm = async () => {
    setBusy(true);
    try {
      const saved = await confirmContactEmail(api, contact.id, true);
      toast.success(t('confirmAddress.confirmed'), {
        description: t('confirmAddress.confirmedDescription', { email: saved.email }),
      });
      void mutate(contactKeys);
      onConfirmed?.(saved);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm
      title={t('confirmAddress.title')}
      description={t('confirmAddress.description', { domain, email: contact.email })}
      okText={t('confirmAddress.confirm')}
      cancelText={t('confirmAddress.notNow')}
      onConfirm={() => handleConfirm()}
    >
      <Button size={size} loading={busy} onClick={(event) => event.stopPropagation()}>
        {t('confirmAddress.confirm')}
      </Button>
    </Popconfirm>
  );
};
