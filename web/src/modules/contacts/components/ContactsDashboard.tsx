import {
  DownOutlined,
  DownloadOutlined,
  LinkedinFilled,
  PlusOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { Text } from '@/ui/text/Text';
import { Title } from '@/ui/text/Title';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CompactGroup } from '@/ui/CompactGroup';
import { EmptyState } from '@/ui/EmptyState';
import { MenuButton } from '@/ui/MenuButton';
import { Panel } from '@/ui/Panel';
import { useToast } from '@/ui/toast/useToast';
import { useApiClient } from '@/lib/http/useApiClient';
import { listAllContacts } from '../api/contactsApi';
import { useContactActions } from '../hooks/useContactActions';
import { useContactList, type ContactFilters } from '../hooks/useContactList';
import { contactFiltersOf, contactParams, withContactFilters } from '../utils/contactFilterParams';
import type { AddContactMode } from './AddContactModal';
import { ContactsTable } from './ContactsTable';
import { ContactsToolbar } from './ContactsToolbar';
import { ContactDrawerSlot } from './ContactDrawerSlot';
import './contacts.css';

// The dialogs arrive when first opened (the drawer too: LazyContactDrawer): the dashboard's first paint needs only the table.
const AddContactModal = lazy(async () => ({ default: (await import('./AddContactModal')).AddContactModal }));
const CsvImportModal = lazy(async () => ({ default: (await import('./CsvImportModal')).CsvImportModal }));
// So do the card's error state and the bar of bulk actions (shown once rows are selected).
const ContactsLoadError = lazy(async () => ({ default: (await import('./ContactsLoadError')).ContactsLoadError }));
const BulkActions = lazy(async () => ({ default: (await import('./BulkActions')).BulkActions }));
const EnrollModal = lazy(async () => ({
  default: (await import('@/modules/sequences/components/EnrollModal')).EnrollModal,
}));

/** True from the first time `flag` is: a lazy dialog stays mounted after that, so it can animate closed. */
const useOnceTrue = (flag: boolean) => {
  const seen = useRef(false);
  if (flag) seen.current = true;
  return seen.current;
};

const isFiltered = (filters: ContactFilters) =>
  Boolean(filters.q || filters.email_lookup_status || filters.relationship_status);

/**
 * The contact dashboard: add (URL, by hand, many, CSV), the table with search and filters, bulk actions, the drawer.
 * The filters and the open contact live in the URL (utils/contactFilterParams), so links open them and Back undoes them.
 */
export const ContactsDashboard = () => {
  const { t } = useTranslation('contacts');
  const api = useApiClient();
  const toast = useToast();
  const { removeMany, findEmails } = useContactActions();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => contactFiltersOf(searchParams), [searchParams]);
  const openId = searchParams.get(contactParams.contact);
  const list = useContactList(filters);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [addMode, setAddMode] = useState<AddContactMode | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const addMounted = useOnceTrue(addMode !== null);
  const importMounted = useOnceTrue(importOpen);
  // the contacts 'Add to sequence' enrols (the selection when it was pressed)
  const [enrollIds, setEnrollIds] = useState<string[]>([]);
  const [enrollOpen, setEnrollOpen] = useState(false);
  const enrollMounted = useOnceTrue(enrollOpen);
  const [busy, setBusy] = useState<'lookup' | 'delete' | 'export' | null>(null);
  const refresh = list.mutate;

  const handleFilters = useCallback(
    (next: ContactFilters) => {
      // each choice is a step Back can undo; the search, typed a few letters at a time, is one step as it changes
      const searchChanged = (next.q ?? '') !== (filters.q ?? '');
      setSearchParams((current) => withContactFilters(current, next), { replace: searchChanged });
      setSelectedIds([]);
    },
    [filters.q, setSearchParams],
  );

  const setOpenId = useCallback(
    (id: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(contactParams.contact, id);
          else next.delete(contactParams.contact);
          next.delete(contactParams.reply);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const handleFindEmails = async () => {
    setBusy('lookup');
    try {
      const { queued, skipped } = await findEmails(selectedIds);
      toast.info(queued.length ? t('dashboard.lookingUp', { count: queued.length }) : t('dashboard.noLookups'), {
        description: skipped.length ? t('dashboard.lookupsSkipped', { count: skipped.length }) : undefined,
      });
      setSelectedIds([]);
      await refresh();
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleDelete = async () => {
    setBusy('delete');
    const count = selectedIds.length;
    const failed = await removeMany(selectedIds);
    setBusy(null);
    setSelectedIds(failed);
    if (failed.length) toast.error(t('dashboard.deleteFailed', { count: failed.length, total: count }));
    else toast.success(t('dashboard.deleted', { count }));
    await refresh();
  };

  const handleExport = async () => {
    setBusy('export');
    try {
      // the CSV writer arrives with the first export
      const [contacts, { contactsToCsv }, { contactsCsvFileName, downloadCsv }] = await Promise.all([
        listAllContacts(api, filters),
        import('../utils/contactCsv'),
        import('../utils/downloadCsv'),
      ]);
      downloadCsv(contactsToCsv(contacts), contactsCsvFileName());
      toast.success(t('dashboard.exported', { count: contacts.length }));
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleAdded = () => void refresh();

  const empty =
    !list.isLoading && !list.error && list.total === 0 && list.contacts.length === 0 && !isFiltered(filters);

  const addMenu = {
    items: [
      { key: 'url', icon: <LinkedinFilled />, label: t('dashboard.addFromUrl') },
      { key: 'manual', icon: <UserAddOutlined />, label: t('dashboard.addByHandMenu') },
      { key: 'many', icon: <PlusOutlined />, label: t('dashboard.addMany') },
    ],
    onClick: ({ key }: { key: string }) => setAddMode(key as AddContactMode),
  };

  return (
    <>
      <Panel
        data-testid="dashboard-contacts"
        className={empty ? 'contacts-card contacts-card--empty' : 'contacts-card'}
        title={
          <span className="contacts-card__title">
            <Title level={2} className="contacts-card__heading">
              {t('dashboard.title')}
            </Title>
            {list.total ? (
              <Text type="secondary" className="contacts-card__count">
                {t('dashboard.count', { total: list.total })}
              </Text>
            ) : null}
          </span>
        }
        extra={
          <div className="contacts-card__actions">
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="import-csv">
              {t('dashboard.importCsv')}
            </Button>
            <Button
              data-testid="export-csv"
              icon={<DownloadOutlined />}
              onClick={() => void handleExport()}
              loading={busy === 'export'}
              disabled={empty}
            >
              {t('dashboard.exportCsv')}
            </Button>
            <CompactGroup>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setAddMode('url')}
                data-testid="add-contact"
              >
                {t('dashboard.addContact')}
              </Button>
              <MenuButton menu={addMenu} placement="bottomRight">
                <Button type="primary" icon={<DownOutlined />} aria-label={t('dashboard.moreWays')} />
              </MenuButton>
            </CompactGroup>
          </div>
        }
      >
        {list.error && !list.contacts.length ? (
          <Suspense fallback={null}>
            <ContactsLoadError message={list.error.message} onRetry={() => void refresh()} />
          </Suspense>
        ) : empty ? (
          <EmptyState
            icon={<UserAddOutlined />}
            title={t('dashboard.emptyTitle')}
            description={t('dashboard.emptyDescription')}
          >
            <div className="contacts-card__actions">
              <Button type="primary" icon={<LinkedinFilled />} onClick={() => setAddMode('url')}>
                {t('dashboard.addFromLinkedin')}
              </Button>
              <Button icon={<UserAddOutlined />} onClick={() => setAddMode('manual')}>
                {t('dashboard.addByHand')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                {t('dashboard.importCsv')}
              </Button>
            </div>
          </EmptyState>
        ) : (
          <div className="contacts-card__list">
            <div className="contacts-card__bar">
              <ContactsToolbar filters={filters} onChange={handleFilters} />
              {selectedIds.length ? (
                <Suspense fallback={null}>
                  <BulkActions
                    count={selectedIds.length}
                    busy={busy === 'lookup' || busy === 'delete' ? busy : null}
                    onFindEmails={() => void handleFindEmails()}
                    onAddToSequence={() => {
                      setEnrollIds(selectedIds);
                      setEnrollOpen(true);
                    }}
                    onDelete={() => void handleDelete()}
                  />
                </Suspense>
              ) : null}
            </div>
            <ContactsTable
              contacts={list.contacts}
              total={list.total}
              loading={list.isLoading}
              hasMore={list.hasMore}
              isLoadingMore={list.isLoadingMore}
              onLoadMore={list.loadMore}
              selectedIds={selectedIds}
              onSelectionChange={setSelectedIds}
              onOpen={(contact) => setOpenId(contact.id)}
              filtered={isFiltered(filters)}
            />
          </div>
        )}
      </Panel>
      <Suspense fallback={null}>
        {addMounted ? (
          <AddContactModal
            open={addMode !== null}
            mode={addMode ?? 'url'}
            onModeChange={setAddMode}
            onClose={() => setAddMode(null)}
            onAdded={handleAdded}
            onOpenContact={setOpenId}
          />
        ) : null}
        {enrollMounted ? (
          <EnrollModal
            open={enrollOpen}
            contactIds={enrollIds}
            nameOf={(id) => list.contacts.find((contact) => contact.id === id)?.name || t('bulk.unnamedContact')}
            onClose={() => setEnrollOpen(false)}
            onEnrolled={(enrolled) => enrolled > 0 && setSelectedIds([])}
          />
        ) : null}
        {importMounted ? (
          <CsvImportModal open={importOpen} onClose={() => setImportOpen(false)} onImported={handleAdded} />
        ) : null}
        <ContactDrawerSlot
          contactId={openId}
          startReply={searchParams.get(contactParams.reply) === '1'}
          onClose={() => setOpenId(null)}
          onChanged={handleAdded}
        />
      </Suspense>
    </>
  );
};
