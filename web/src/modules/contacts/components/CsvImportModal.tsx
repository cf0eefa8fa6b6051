import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Progress, Select, Steps, Table, Typography, Upload } from 'antd';
import { Tag } from '@/ui/Tag';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { type AddContactsCounts, useActivityReport } from '@/modules/activity/hooks/useActivityReport';
import { useApiClient } from '@/lib/http/useApiClient';
import { listAllContacts } from '../api/contactsApi';
import { useContactActions } from '../hooks/useContactActions';
import {
  contactCsvFields,
  csvFieldLabel,
  readImportFile,
  rowToNewContact,
  type ColumnMapping,
  type ContactCsvField,
} from '../utils/contactCsv';
import type { CsvRows } from '../utils/csv';
import { ImportDisagreements } from './ImportDisagreements';
import {
  importContacts,
  indexContacts,
  type ImportRow,
  type ImportRowResult,
  type ImportRowStatus,
} from '../utils/importContacts';
import './contacts.css';

export type CsvImportModalProps = {
  open: boolean;
  onClose: () => void;
  /** rows were added: the list refreshes */
  onImported: () => void;
};

type Step = 'file' | 'mapping' | 'importing' | 'report';

/** CSV files above this many data rows are refused: one import, one sitting. */
const maxRows = 1_000;

const statusColors: Record<ImportRowStatus, string> = {
  added: 'success',
  skipped: 'default',
  failed: 'error',
  not_imported: 'warning',
};

const statusKeys: Record<ImportRowStatus, string> = {
  added: 'added',
  skipped: 'skipped',
  failed: 'failed',
  not_imported: 'notImported',
};

/** The activity action's counts (SPEC §3): rows done (added, or skipped as duplicates), of which added, and failed. */
const importCounts = (results: readonly ImportRowResult[]): AddContactsCounts => {
  const count = (status: ImportRowStatus) => results.filter((result) => result.status === status).length;
  return { completed: count('added') + count('skipped'), added: count('added'), failed: count('failed') };
};

const rowLabel = (row: ImportRow) =>
  row.contact.name ||
  [row.contact.firstName, row.contact.lastName].filter(Boolean).join(' ') ||
  row.contact.linkedinUrl ||
  row.contact.email ||
  row.contact.company ||
  i18n.t('contacts:import.emptyRow');

/**
 * CSV import: pick a file, map its columns to contact fields (headers are recognised), check a preview, then the rows
 * are created one after another with a report per row; the import stops at the contact limit (its dialog opens).
 */
export const CsvImportModal = ({ open, onClose, onImported }: CsvImportModalProps) => {
  const { t } = useTranslation('contacts');
  const api = useApiClient();
  const { add } = useContactActions();
  const activity = useActivityReport();
  const [step, setStep] = useState<Step>('file');
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<CsvRows>([]);
  const [headerRow, setHeaderRow] = useState(true);
  /** lines of a note above the header row (LinkedIn's export), left out of the import */
  const [noteRows, setNoteRows] = useState(0);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [results, setResults] = useState<ImportRowResult[]>([]);
  const [total, setTotal] = useState(0);
  const [runError, setRunError] = useState<string | null>(null);

  const reset = () => {
    setStep('file');
    setFileName('');
    setRows([]);
    setMapping([]);
    setFileError(null);
    setResults([]);
    setRunError(null);
  };

  const handleFile = async (file: File) => {
    setFileError(null);
    const read = readImportFile(await file.text());
    if (!read.rows.length) {
      setFileError(t('import.fileEmpty'));
      return;
    }
    if (read.rows.length - (read.headerRow ? 1 : 0) > maxRows) {
      setFileError(t('import.tooManyRows', { max: maxRows }));
      return;
    }
    setFileName(file.name);
    setRows(read.rows);
    setNoteRows(read.noteRows);
    setHeaderRow(read.headerRow);
    setMapping(read.mapping);
    setStep('mapping');
  };

  const dataRows = headerRow ? rows.slice(1) : rows;
  const importRows: ImportRow[] = dataRows.map((row, index) => ({
    rowNumber: noteRows + index + (headerRow ? 2 : 1),
    contact: rowToNewContact(row, mapping),
  }));
  const mapsSomeone = mapping.some(
    (field) => field === 'linkedinUrl' || field === 'name' || field === 'firstName' || field === 'lastName',
  );

  const handleMap = (column: number, field: ContactCsvField | null) =>
    setMapping((current) =>
      current.map((existing, index) => (index === column ? field : existing === field && field ? null : existing)),
    );

  const handleImport = async () => {
    setStep('importing');
    setTotal(importRows.length);
    setResults([]);
    setRunError(null);
    // SPEC §3 'Activity action': the sidebar's Recent Activity follows the import
    const report = activity.start(importRows.length);
    let counts: AddContactsCounts = { completed: 0, added: 0, failed: 0 };
    try {
      const existing = indexContacts(await listAllContacts(api, { sort: 'imported_at', order: 'desc' }));
      const finished = await importContacts({
        rows: importRows,
        existing,
        create: add,
        onProgress: (progress) => {
          setResults(progress);
          counts = importCounts(progress);
          report.progress(counts);
        },
      });
      counts = importCounts(finished);
      const limited = finished.some((result) => result.status === 'not_imported');
      void report.finish(counts, limited ? t('import.stoppedAtLimit', { count: counts.added }) : undefined);
      if (counts.added) onImported();
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      setRunError(message);
      void report.finish(counts, message);
    }
    setStep('report');
  };

  const disagreements = results.flatMap((result) =>
    result.contactId && result.disagreement
      ? [{ ...result, contactId: result.contactId, disagreement: result.disagreement }]
      : [],
  );

  const counts = Object.fromEntries(
    (['added', 'skipped', 'failed', 'not_imported'] as const).map((status) => [
      status,
      results.filter((result) => result.status === status).length,
    ]),
  ) as Record<ImportRowStatus, number>;

  const footer = {
    file: [
      <Button key="cancel" onClick={onClose}>
        {t('form.cancel')}
      </Button>,
    ],
    mapping: [
      <Button key="back" onClick={reset}>
        {t('import.chooseAnother')}
      </Button>,
      <Button
        key="import"
        type="primary"
        disabled={!mapsSomeone || !importRows.length}
        onClick={() => void handleImport()}
      >
        {t('import.importRows', { count: importRows.length })}
      </Button>,
    ],
    importing: [],
    report: [
      <Button key="again" onClick={reset}>
        {t('import.importAnother')}
      </Button>,
      <Button key="done" type="primary" onClick={onClose}>
        {t('import.done')}
      </Button>,
    ],
  }[step];

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={step === 'importing' ? undefined : onClose}
      closable={step !== 'importing'}
      maskClosable={false}
      footer={footer}
      width={820}
      afterOpenChange={(visible) => {
        if (!visible) reset();
      }}
    >
      <Steps
        size="small"
        current={{ file: 0, mapping: 1, importing: 2, report: 2 }[step]}
        items={[{ title: t('import.stepFile') }, { title: t('import.stepMap') }, { title: t('import.stepImport') }]}
        className="csv-import__steps"
      />

      {step === 'file' ? (
        <div className="csv-import__step csv-import__step--file">
          <Upload.Dragger
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void handleFile(file);
              return false;
            }}
            data-testid="csv-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{t('import.dropHint')}</p>
          </Upload.Dragger>
          {fileError ? <Alert type="error" showIcon title={fileError} role="alert" /> : null}
        </div>
      ) : null}

      {step === 'mapping' ? (
        <div className="csv-import__step" data-testid="csv-mapping">
          <div className="csv-import__file-row">
            <Typography.Text>
              <strong>{fileName}</strong> · {t('import.rows', { count: dataRows.length })}
            </Typography.Text>
            <Checkbox checked={headerRow} onChange={(event) => setHeaderRow(event.target.checked)}>
              {t('import.headerRow')}
            </Checkbox>
          </div>
          <Table
            size="small"
            pagination={false}
            rowKey="column"
            dataSource={mapping.map((field, column) => ({
              column,
              field,
              header: (headerRow && rows[0]?.[column]) || t('import.column', { number: column + 1 }),
              sample: dataRows
                .slice(0, 3)
                .map((row) => row[column] ?? '')
                .filter(Boolean)
                .join(' · '),
            }))}
            columns={[
              {
                key: 'header',
                title: t('import.columnInFile'),
                dataIndex: 'header',
                width: 200,
                render: (header: string) => <strong>{header}</strong>,
              },
              {
                key: 'sample',
                title: t('import.samples'),
                dataIndex: 'sample',
                ellipsis: true,
                render: (sample: string) => <Typography.Text type="secondary">{sample || '—'}</Typography.Text>,
              },
              {
                key: 'field',
                title: t('import.contactField'),
                width: 200,
                render: (_, row) => (
                  <Select<ContactCsvField | 'ignore'>
                    className="csv-import__field"
                    aria-label={t('import.fieldFor', { header: row.header })}
                    value={row.field ?? 'ignore'}
                    onChange={(value) => handleMap(row.column, value === 'ignore' ? null : value)}
                    options={[
                      { value: 'ignore', label: t('import.ignore') },
                      ...contactCsvFields.map((field) => ({ value: field, label: csvFieldLabel(field) })),
                    ]}
                  />
                ),
              },
            ]}
          />
          {!mapsSomeone ? (
            <Alert type="warning" showIcon title={t('import.mapSomeone')} />
          ) : (
            <div>
              <Typography.Text type="secondary" className="contacts-text--smaller">
                {t('import.previewHint')}
              </Typography.Text>
              <Table
                size="small"
                pagination={false}
                rowKey="rowNumber"
                data-testid="csv-preview"
                dataSource={importRows.slice(0, 5)}
                columns={[
                  { key: 'row', title: t('import.row'), dataIndex: 'rowNumber', width: 60 },
                  ...contactCsvFields
                    .filter((field) => mapping.includes(field))
                    .map((field) => ({
                      key: field,
                      title: csvFieldLabel(field),
                      ellipsis: true,
                      render: (_: unknown, row: ImportRow) => row.contact[field] ?? '',
                    })),
                ]}
              />
            </div>
          )}
        </div>
      ) : null}

      {step === 'importing' ? (
        <div className="csv-import__progress" data-testid="csv-progress">
          <Progress percent={total ? Math.round((results.length / total) * 100) : 0} status="active" />
          <Typography.Text type="secondary">
            {results.length ? t('import.progress', { count: total, done: results.length }) : t('import.checking')}
          </Typography.Text>
        </div>
      ) : null}

      {step === 'report' ? (
        <div className="csv-import__step" data-testid="csv-report">
          {runError ? <Alert type="error" showIcon title={t('import.stopped')} description={runError} /> : null}
          <div className="csv-import__summary" data-testid="csv-report-summary">
            <Tag color="success">{t('import.summary.added', { count: counts.added })}</Tag>
            <Tag>{t('import.summary.skipped', { count: counts.skipped })}</Tag>
            <Tag color="error">{t('import.summary.failed', { count: counts.failed })}</Tag>
            {counts.not_imported ? (
              <Tag color="warning">{t('import.summary.notImported', { count: counts.not_imported })}</Tag>
            ) : null}
          </div>
          {disagreements.length ? <ImportDisagreements rows={disagreements} onChanged={onImported} /> : null}
          <Table<ImportRowResult>
            size="small"
            rowKey="rowNumber"
            pagination={results.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ y: 320 }}
            dataSource={[...results].sort(
              (a, b) => Number(a.status === 'added') - Number(b.status === 'added') || a.rowNumber - b.rowNumber,
            )}
            onRow={(result) =>
              ({ 'data-testid': 'csv-report-row', 'data-status': result.status }) as HTMLAttributes<HTMLElement>
            }
            columns={[
              { key: 'row', title: t('import.row'), dataIndex: 'rowNumber', width: 64 },
              {
                key: 'who',
                title: t('table.contact'),
                width: 260,
                ellipsis: true,
                render: (_, result) => rowLabel(result),
              },
              {
                key: 'status',
                title: t('import.status'),
                width: 170,
                render: (_, result) => (
                  <Tag color={statusColors[result.status]}>{t(`import.rowStatus.${statusKeys[result.status]}`)}</Tag>
                ),
              },
              {
                key: 'message',
                title: t('import.details'),
                render: (_, result) => (
                  <Typography.Text
                    type={result.status === 'failed' ? 'danger' : 'secondary'}
                    className="contacts-text--small"
                  >
                    {result.status === 'added' ? '' : result.message}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
};
