import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../api/contactMapping';
import { AddByHandPanel } from './AddByHandPanel';
import { AddByUrlPanel } from './AddByUrlPanel';
import { AddManyPanel } from './AddManyPanel';

export type AddContactMode = 'url' | 'manual' | 'many';

export type AddContactModalProps = {
  open: boolean;
  mode: AddContactMode;
  onModeChange: (mode: AddContactMode) => void;
  onClose: () => void;
  /** a contact was added (the list refreshes) */
  onAdded: (contact?: Contact) => void;
  onOpenContact: (contactId: string) => void;
};

/** The three ways to add people: a LinkedIn URL with a preview, by hand, or many URLs at once. */
export const AddContactModal = ({
  open,
  mode,
  onModeChange,
  onClose,
  onAdded,
  onOpenContact,
}: AddContactModalProps) => {
  // a fresh form each time the modal opens
  const { t } = useTranslation('contacts');
  const [session, setSession] = useState(0);

  const handleAddedOne = (contact: Contact) => {
    onAdded(contact);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('add.title')}
      onCancel={onClose}
      footer={null}
      width={600}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setSession((value) => value + 1);
      }}
    >
      <Tabs
        key={session}
        activeKey={mode}
        onChange={(key) => onModeChange(key as AddContactMode)}
        items={[
          {
            key: 'url',
            label: t('add.linkedinUrl'),
            children: (
              <AddByUrlPanel
                onAdded={handleAddedOne}
                onOpenExisting={(id) => {
                  onClose();
                  onOpenContact(id);
                }}
              />
            ),
          },
          { key: 'manual', label: t('dashboard.addByHandMenu'), children: <AddByHandPanel onAdded={handleAddedOne} /> },
          { key: 'many', label: t('add.manyUrls'), children: <AddManyPanel onAdded={() => onAdded()} /> },
        ]}
      />
    </Modal>
  );
};
