import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Progress, Select, Steps, Table, Tag, Typography, Upload } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { type AddContactsCounts, useActivityReport } from '@/modules/activity/hooks/useActivityReport';
import { useApiClient } from '@/lib/http/useApiClient';
import { listAllContacts } from '../api/contactsApi';
import { useContactActions } from '../hooks/useContactActions';
import {
  contactCsvColumns,
  contactCsvFields,
  detectMapping,
  hasHeaderRow,
  rowToNewContact,
  type ColumnMapping,
  type ContactCsvField,
} from '../utils/contactCsv';
import { parseCsv, type CsvRows } from '../utils/csv';
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

const statusTags: Record<ImportRowStatus, { label: string; color: string }> = {
  added: { label: 'Added', color: 'success' },
  skipped: { label: 'Skipped (duplicate)', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
  not_imported: { label: 'Not imported', color: 'warning' },
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
  '(empty row)';

/**
 * CSV import: pick a file, map its columns to contact fields (headers are recognised), check a preview, then the rows
 * are created one after another with a report per row; the import stops at the contact limit (its dialog opens).
 */
export const CsvImportModal = ({ open, onClose, onImported }: CsvImportModalProps) => {
  const api = useApiClient();
  const { add } = useContactActions();
  const activity = useActivityReport();
  const [step, setStep] = useState<Step>('file');
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<CsvRows>([]);
  const [headerRow, setHeaderRow] = useState(true);
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
    const parsed = parseCsv(await file.text());
    if (!parsed.length) {
      setFileError('The file is empty.');
      return;
    }
    const header = hasHeaderRow(parsed);
    if (parsed.length - (header ? 1 : 0) > maxRows) {
      setFileError(
        `The file has more than ${maxRows.toLocaleString()} rows. Split it and import the parts one after another.`,
      );
      return;
    }
    const width = Math.max(...parsed.map((row) => row.length));
    setFileName(file.name);
    setRows(parsed);
    setHeaderRow(header);
    setMapping(
      header
        ? [...detectMapping(parsed[0] ?? []), ...Array<null>(Math.max(0, width - (parsed[0]?.length ?? 0))).fill(null)]
        : Array<null>(width).fill(null),
    );
    setStep('mapping');
  };

  const dataRows = headerRow ? rows.slice(1) : rows;
  const importRows: ImportRow[] = dataRows.map((row, index) => ({
    rowNumber: index + (headerRow ? 2 : 1),
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
      void report.finish(counts, limited ? `Stopped at the contact limit after ${counts.added} added` : undefined);
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
        Cancel
      </Button>,
    ],
    mapping: [
      <Button key="back" onClick={reset}>
        Choose another file
      </Button>,
      <Button
        key="import"
        type="primary"
        disabled={!mapsSomeone || !importRows.length}
        onClick={() => void handleImport()}
      >
        Import {importRows.length} row{importRows.length === 1 ? '' : 's'}
      </Button>,
    ],
    importing: [],
    report: [
      <Button key="again" onClick={reset}>
        Import another file
      </Button>,
      <Button key="done" type="primary" onClick={onClose}>
        Done
      </Button>,
    ],
  }[step];

  return (
    <Modal
      open={open}
      title="Import contacts from CSV"
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
        items={[{ title: 'Choose a file' }, { title: 'Map columns' }, { title: 'Import' }]}
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
            <p className="ant-upload-text">Click or drop a CSV file here</p>
            <p className="ant-upload-hint">
              One person a row: a LinkedIn URL, or a name with company, job title, e-mail and notes. Each new contact
              uses one contact slot.
            </p>
          </Upload.Dragger>
          {fileError ? <Alert type="error" showIcon title={fileError} role="alert" /> : null}
        </div>
      ) : null}

      {step === 'mapping' ? (
        <div className="csv-import__step" data-testid="csv-mapping">
          <div className="csv-import__file-row">
            <Typography.Text>
              <strong>{fileName}</strong> · {dataRows.length} row{dataRows.length === 1 ? '' : 's'}
            </Typography.Text>
            <Checkbox checked={headerRow} onChange={(event) => setHeaderRow(event.target.checked)}>
              First row holds column names
            </Checkbox>
          </div>
          <Table
            size="small"
            pagination={false}
            rowKey="column"
            dataSource={mapping.map((field, column) => ({
              column,
              field,
              header: headerRow ? rows[0]?.[column] || `Column ${column + 1}` : `Column ${column + 1}`,
              sample: dataRows
                .slice(0, 3)
                .map((row) => row[column] ?? '')
                .filter(Boolean)
                .join(' · '),
            }))}
            columns={[
              {
                key: 'header',
                title: 'Column in the file',
                dataIndex: 'header',
                width: 200,
                render: (header: string) => <strong>{header}</strong>,
              },
              {
                key: 'sample',
                title: 'Sample values',
                dataIndex: 'sample',
                ellipsis: true,
                render: (sample: string) => <Typography.Text type="secondary">{sample || '—'}</Typography.Text>,
              },
              {
                key: 'field',
                title: 'Contact field',
                width: 200,
                render: (_, row) => (
                  <Select<ContactCsvField | 'ignore'>
                    className="csv-import__field"
                    aria-label={`Field for ${row.header}`}
                    value={row.field ?? 'ignore'}
                    onChange={(value) => handleMap(row.column, value === 'ignore' ? null : value)}
                    options={[
                      { value: 'ignore', label: 'Ignore' },
                      ...contactCsvFields.map((field) => ({ value: field, label: contactCsvColumns[field].header })),
                    ]}
                  />
                ),
              },
            ]}
          />
          {!mapsSomeone ? (
            <Alert
              type="warning"
              showIcon
              title="Map a column to LinkedIn URL or to a name so each row names a person."
            />
          ) : (
            <div>
              <Typography.Text type="secondary" className="contacts-text--smaller">
                Preview of the first rows as they will be added
              </Typography.Text>
              <Table
                size="small"
                pagination={false}
                rowKey="rowNumber"
                data-testid="csv-preview"
                dataSource={importRows.slice(0, 5)}
                columns={[
                  { key: 'row', title: 'Row', dataIndex: 'rowNumber', width: 60 },
                  ...contactCsvFields
                    .filter((field) => mapping.includes(field))
                    .map((field) => ({
                      key: field,
                      title: contactCsvColumns[field].header,
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
            {results.length ? `Imported ${results.length} of ${total} rows…` : 'Checking your existing contacts…'}
          </Typography.Text>
        </div>
      ) : null}

      {step === 'report' ? (
        <div className="csv-import__step" data-testid="csv-report">
          {runError ? <Alert type="error" showIcon title="The import stopped" description={runError} /> : null}
          <div className="csv-import__summary" data-testid="csv-report-summary">
            <Tag color="success">{counts.added} added</Tag>
            <Tag>{counts.skipped} skipped (duplicate)</Tag>
            <Tag color="error">{counts.failed} failed</Tag>
            {counts.not_imported ? (
              <Tag color="warning">{counts.not_imported} not imported: contact limit reached</Tag>
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
              { key: 'row', title: 'Row', dataIndex: 'rowNumber', width: 64 },
              { key: 'who', title: 'Contact', width: 260, ellipsis: true, render: (_, result) => rowLabel(result) },
              {
                key: 'status',
                title: 'Status',
                width: 170,
                render: (_, result) => (
                  <Tag color={statusTags[result.status].color}>{statusTags[result.status].label}</Tag>
                ),
              },
              {
                key: 'message',
                title: 'Details',
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
