import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/ui/toast/useToast';
import { errorText } from '@/lib/http/errorText';
import type { Sequence, SequenceBody } from '../api/sequencesApi';
import { useTemplateOptions } from '../hooks/useTemplateOptions';
import {
  bodyOf,
  fieldsOf,
  hasProblems,
  maxDelayDays,
  maxSteps,
  minDelayDays,
  newSequenceFields,
  newStep,
  type SequenceFields,
  sequenceProblems,
  type StepFields,
} from '../utils/sequenceForm';
import './sequences.css';

export type SequenceEditorProps = {
  open: boolean;
  /** the sequence to change, or null for a new one */
  sequence: Sequence | null;
  onSave: (id: string | null, body: SequenceBody) => Promise<Sequence>;
  onClose: () => void;
  /** after a save: the sequence as stored */
  onSaved: (sequence: Sequence) => void;
};

/**
 * A sequence's name, whether it sends at the contact's local time, and its 1-6 steps: each some days (business days
 * only, if chosen) after the e-mail before it, at a time of day, written by the AI (with instructions) or from one of
 * the user's templates.
 */
export const SequenceEditor = ({ open, sequence, onSave, onClose, onSaved }: SequenceEditorProps) => {
  const { t } = useTranslation('sequences');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={sequence ? t('editor.editTitle', { name: sequence.name }) : t('editor.newTitle')}
      data-testid="sequence-editor"
    >
      {/* a fresh form per sequence opened: its fields start from what is saved */}
      <SequenceForm
        key={sequence?.id ?? 'new'}
        sequence={sequence}
        onSave={onSave}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Drawer>
  );
};

type SequenceFormProps = Omit<SequenceEditorProps, 'open'>;

const SequenceForm = ({ sequence, onSave, onClose, onSaved }: SequenceFormProps) => {
  const { t } = useTranslation('sequences');
  const toast = useToast();
  const { options: templateOptions } = useTemplateOptions();
  const [fields, setFields] = useState<SequenceFields>(() => (sequence ? fieldsOf(sequence) : newSequenceFields()));
  // problems show once Save was tried (not on a new form's empty name)
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = sequenceProblems(fields);
  const shown = tried ? problems : { steps: [] };

  const setStep = (index: number, changes: Partial<StepFields>) =>
    setFields((current) => ({
      ...current,
      steps: current.steps.map((step, at) => (at === index ? { ...step, ...changes } : step)),
    }));
  const addStep = () =>
    setFields((current) => ({ ...current, steps: [...current.steps, newStep(current.steps.at(-1))] }));
  const removeStep = (index: number) =>
    setFields((current) => ({ ...current, steps: current.steps.filter((_, at) => at !== index) }));

  const handleSave = async () => {
    setTried(true);
    if (hasProblems(problems)) return;
    setSaving(true);
    try {
      const saved = await onSave(sequence?.id ?? null, bodyOf(fields));
      toast.success(sequence ? t('editor.saved') : t('editor.created'));
      onSaved(saved);
    } catch (caught) {
      toast.error(t('editor.saveFailed'), { description: errorText(caught) });
    } finally {
      setSaving(false);
    }
  };

  const problem = (key: string | undefined, values: Record<string, number> = {}) =>
    key ? { validateStatus: 'error' as const, help: t(`editor.${key}`, values) } : {};

  return (
    <Form layout="vertical" component="div" className="sequence-editor">
      <Form.Item label={t('editor.name')} htmlFor="sequence-name" required {...problem(shown.name)}>
        <Input
          id="sequence-name"
          maxLength={120}
          placeholder={t('editor.namePlaceholder')}
          value={fields.name}
          onChange={(event) => setFields((current) => ({ ...current, name: event.target.value }))}
        />
      </Form.Item>
      <Form.Item help={t('editor.recipientTimeZoneHelp')}>
        <Checkbox
          checked={fields.recipientTimeZone}
          onChange={(event) => setFields((current) => ({ ...current, recipientTimeZone: event.target.checked }))}
        >
          {t('editor.recipientTimeZone')}
        </Checkbox>
      </Form.Item>
      {fields.steps.map((step, index) => {
        const number = index + 1;
        const stepProblems = shown.steps[index] ?? {};
        return (
          <Card
            key={step.key}
            size="small"
            className="sequence-editor__step"
            title={t('editor.step', { number })}
            extra={
              fields.steps.length > 1 ? (
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('editor.removeStep', { number })}
                  title={t('editor.removeStep', { number })}
                  onClick={() => removeStep(index)}
                />
              ) : null
            }
            data-testid={`sequence-step-${number}`}
          >
            <div className="sequence-editor__step-row">
              <Form.Item
                label={t('editor.delayDays')}
                htmlFor={`step-${number}-delay`}
                {...problem(stepProblems.delayDays, { min: minDelayDays, max: maxDelayDays })}
              >
                <InputNumber
                  id={`step-${number}-delay`}
                  className="sequence-editor__delay"
                  min={minDelayDays}
                  max={maxDelayDays}
                  precision={0}
                  value={step.delayDays}
                  onChange={(value) => setStep(index, { delayDays: value ?? 0 })}
                />
              </Form.Item>
              <Form.Item
                label={t('editor.sendTime')}
                htmlFor={`step-${number}-time`}
                {...problem(stepProblems.sendTime)}
              >
                <Input
                  id={`step-${number}-time`}
                  type="time"
                  className="sequence-editor__time"
                  value={step.sendTime}
                  onChange={(event) => setStep(index, { sendTime: event.target.value })}
                />
              </Form.Item>
              <Form.Item className="sequence-editor__business">
                <Checkbox
                  checked={step.businessDaysOnly}
                  onChange={(event) => setStep(index, { businessDaysOnly: event.target.checked })}
                >
                  {t('editor.businessDaysOnly')}
                </Checkbox>
              </Form.Item>
            </div>
            <Form.Item label={t('editor.source')}>
              <Radio.Group
                value={step.source}
                onChange={(event) => setStep(index, { source: event.target.value as StepFields['source'] })}
                options={[
                  { value: 'ai', label: t('editor.sourceAi') },
                  { value: 'template', label: t('editor.sourceTemplate') },
                ]}
              />
            </Form.Item>
            {step.source === 'ai' ? (
              <Form.Item label={t('editor.instructions')} htmlFor={`step-${number}-instructions`}>
                <TextArea
                  id={`step-${number}-instructions`}
                  rows={3}
                  maxLength={2000}
                  placeholder={t('editor.instructionsPlaceholder')}
                  value={step.instructions}
                  onChange={(event) => setStep(index, { instructions: event.target.value })}
                />
              </Form.Item>
            ) : (
              <Form.Item
                label={t('editor.template')}
                htmlFor={`step-${number}-template`}
                {...problem(stepProblems.templateId)}
                extra={templateOptions.length ? undefined : t('editor.noTemplates')}
              >
                <Select
                  id={`step-${number}-template`}
                  placeholder={t('editor.templatePlaceholder')}
                  value={step.templateId ?? undefined}
                  onChange={(value: string) => setStep(index, { templateId: value })}
                  options={templateOptions}
                />
              </Form.Item>
            )}
          </Card>
        );
      })}
      <div className="sequence-editor__add">
        {fields.steps.length < maxSteps ? (
          <Button icon={<PlusOutlined />} onClick={addStep}>
            {t('editor.addStep')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('editor.maxSteps', { count: maxSteps })}</Typography.Text>
        )}
      </div>
      <div className="sequence-detail__actions">
        <Button type="primary" loading={saving} onClick={() => void handleSave()}>
          {t('editor.save')}
        </Button>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
      </div>
    </Form>
  );
};
