import { Alert, Button, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { sequencesPaths } from '@/lib/paths';
import { useToast } from '@/ui/toast/useToast';
import { errorText } from '@/lib/http/errorText';
import { useEnroll, useSequences } from '../hooks/useSequences';
import { groupSkipped, skippedReasonKey } from '../utils/sequenceForm';
import './sequences.css';

export type EnrollModalProps = {
  open: boolean;
  /** the contacts to enrol (any number: they go 100 at a time) */
  contactIds: string[];
  /** a contact's name, for the ones that were not enrolled */
  nameOf: (contactId: string) => string;
  onClose: () => void;
  /** after an answer: how many were enrolled */
  onEnrolled?: (enrolled: number) => void;
};

type Outcome = { name: string; enrolled: number; skipped: { contactId: string; reason: string }[] };

/**
 * Enrols the chosen contacts in one of the user's sequences (DESIGN §9), then says how many were and, for the others,
 * why not (already in a sequence, replied, on the do-not-contact list), grouped by reason.
 */
export const EnrollModal = ({ open, contactIds, nameOf, onClose, onEnrolled }: EnrollModalProps) => {
  const { t } = useTranslation('sequences');
  const toast = useToast();
  const { sequences, isLoading } = useSequences();
  const enroll = useEnroll();
  const [sequenceId, setSequenceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosen = sequences.find((sequence) => sequence.id === sequenceId) ?? null;

  const handleClose = () => {
    setOutcome(null);
    setSequenceId(null);
    onClose();
  };

  const handleEnroll = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const result = await enroll(chosen.id, contactIds);
      onEnrolled?.(result.enrolled);
      if (result.skipped.length) setOutcome({ name: chosen.name, ...result });
      else {
        toast.success(t('enroll.enrolled', { count: result.enrolled, name: chosen.name }));
        handleClose();
      }
    } catch (caught) {
      toast.error(t('enroll.failed'), { description: errorText(caught) });
    } finally {
      setBusy(false);
    }
  };

  const reasonText = (reason: string) => {
    const key = skippedReasonKey(reason);
    return key ? t(`enroll.skippedReason.${key}`) : reason;
  };

  return (
    <Modal
      open={open}
      title={t('enroll.title', { count: contactIds.length })}
      onCancel={handleClose}
      destroyOnHidden
      footer={
        outcome ? (
          <Button type="primary" onClick={handleClose}>
            {t('enroll.close')}
          </Button>
        ) : (
          <>
            <Button onClick={handleClose}>{t('enroll.cancel')}</Button>
            <Button type="primary" disabled={!chosen} loading={busy} onClick={() => void handleEnroll()}>
              {t('enroll.submit')}
            </Button>
          </>
        )
      }
    >
      {outcome ? (
        <div className="sequence-enroll__outcome" data-testid="enroll-outcome">
          <Typography.Paragraph>
            {outcome.enrolled
              ? t('enroll.enrolled', { count: outcome.enrolled, name: outcome.name })
              : t('enroll.noneEnrolled', { name: outcome.name })}
          </Typography.Paragraph>
          <Alert
            type="warning"
            showIcon
            title={t('enroll.skippedTitle', { count: outcome.skipped.length })}
            description={
              <ul className="sequence-enroll__skipped">
                {groupSkipped(outcome.skipped).map(({ reason, contactIds: ids }) => (
                  <li key={reason}>
                    {t('enroll.skippedLine', { reason: reasonText(reason), names: ids.map(nameOf).join(', ') })}
                  </li>
                ))}
              </ul>
            }
          />
        </div>
      ) : !isLoading && sequences.length === 0 ? (
        <Typography.Paragraph>
          {t('enroll.noSequences')} <Link to={sequencesPaths.sequences}>{t('enroll.createOne')}</Link>
        </Typography.Paragraph>
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item label={t('enroll.sequence')} htmlFor="enroll-sequence" className="sequence-enroll__field">
            <Select
              id="enroll-sequence"
              placeholder={t('enroll.choose')}
              loading={isLoading}
              value={sequenceId ?? undefined}
              onChange={setSequenceId}
              options={sequences.map((sequence) => ({ value: sequence.id, label: sequence.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
