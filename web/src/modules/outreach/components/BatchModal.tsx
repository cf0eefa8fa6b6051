import { Alert, Checkbox, Modal, Select, Typography } from 'antd';
import type { SkippedContact } from '@shared/schemas/ai';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplates } from '../hooks/useTemplates';
import { unsendableSummaryText } from '../utils/recipient';
import './outreach.css';

export type BatchMode = 'ai' | 'template';

/** What a batch is started with: a template, the AI's instructions, and whether to write for every contact. */
export type BatchOptions = { templateId?: string; instructions?: string; includeUnverified?: boolean };

export type BatchModalProps = {
  mode: BatchMode | null;
  count: number;
  /** the chosen contacts without an address that is sent to, and why (DESIGN §9): skipped unless asked */
  unsendable: readonly SkippedContact[];
  onCancel: () => void;
  onStart: (options: BatchOptions) => Promise<void>;
};

const maxInstructions = 2000;

/**
 * Before a batch: "Generate with AI" takes optional instructions and a template to start from; "Apply template"
 * fills a chosen template in for each contact, as it is.
 */
export const BatchModal = ({ mode, count, unsendable, onCancel, onStart }: BatchModalProps) => {
  const { t } = useTranslation('outreach');
  const { data: templates, error, isLoading } = useTemplates(mode !== null);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [instructions, setInstructions] = useState('');
  const [includeUnverified, setIncludeUnverified] = useState(false);
  const [starting, setStarting] = useState(false);
  // every chosen contact skipped: nothing to write unless the person asks for them
  const nothingToWrite = unsendable.length >= count && !includeUnverified;

  const handleOk = async () => {
    setStarting(true);
    try {
      await onStart({
        ...(templateId ? { templateId } : {}),
        ...(mode === 'ai' && instructions.trim() ? { instructions: instructions.trim() } : {}),
        ...(includeUnverified && unsendable.length ? { includeUnverified: true } : {}),
      });
      setTemplateId(undefined);
      setInstructions('');
      setIncludeUnverified(false);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open={mode !== null}
      title={mode === 'template' ? t('batch.applyTitle', { count }) : t('batch.generateTitle', { count })}
      okText={mode === 'template' ? t('dashboard.applyTemplate') : t('batch.generate')}
      okButtonProps={{ disabled: (mode === 'template' && !templateId) || nothingToWrite }}
      confirmLoading={starting}
      onOk={() => void handleOk()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {mode === 'template' ? t('batch.templateExplain') : t('batch.aiExplain')}
      </Typography.Paragraph>
      {unsendable.length ? (
        <Alert
          type="warning"
          showIcon
          className="outreach-modal__unsendable"
          data-testid="batch-unsendable"
          title={`${unsendableSummaryText(unsendable, count)}.`}
          description={
            <Checkbox checked={includeUnverified} onChange={(event) => setIncludeUnverified(event.target.checked)}>
              {t('batch.includeUnverified')}
            </Checkbox>
          }
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={t('batch.templatesFailed')} description={error.message} /> : null}
      <div className="outreach-modal__field">
        <Typography.Text strong>
          {mode === 'template' ? t('batch.template') : t('batch.startFromTemplate')}
        </Typography.Text>
        <Select
          className="outreach-modal__select"
          aria-label={t('batch.template')}
          allowClear={mode === 'ai'}
          loading={isLoading}
          value={templateId}
          onChange={(value?: string) => setTemplateId(value)}
          placeholder={templates?.length === 0 ? t('batch.noTemplates') : t('batch.chooseTemplate')}
          options={(templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
        />
      </div>
      {mode === 'ai' ? (
        <div className="outreach-modal__field">
          <Typography.Text strong>{t('batch.instructionsOptional')}</Typography.Text>
          <TextArea
            aria-label={t('batch.instructions')}
            value={instructions}
            maxLength={maxInstructions}
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('batch.instructionsPlaceholder')}
            onChange={(event) => setInstructions(event.target.value)}
          />
        </div>
      ) : null}
    </Modal>
  );
};
