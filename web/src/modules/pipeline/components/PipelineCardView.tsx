import { ClockCircleOutlined, MailOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { PipelineCard } from '@shared/schemas/pipeline';
import { Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { ContactAvatar } from '@/modules/contacts/components/ContactAvatar';
import { useTranslation } from 'react-i18next';
import { classificationColors, classificationLabel } from '@/modules/conversations/utils/conversationLabels';
import { timeInStage } from '../utils/pipelineBoard';

export type PipelineCardViewProps = {
  card: PipelineCard;
  now: number;
  /** the id of the person's name on the card (null on the copy that follows the pointer while dragging) */
  nameId: string | null;
};

/** What a card shows: the person, where they work, their address, the conversation's subject, the time in stage. */
export const PipelineCardView = ({ card, now, nameId }: PipelineCardViewProps) => {
  const { t } = useTranslation('pipeline');
  const work = [card.jobTitle, card.company].filter(Boolean).join(' · ');
  return (
    <>
      <span className="pipeline-card__head">
        {/* the name beside it says who: the card's name is its text, from the person's name on */}
        <span aria-hidden="true" className="pipeline-card__avatar">
          <ContactAvatar name={card.name} avatarUrl={card.avatarUrl ?? ''} size={28} />
        </span>
        <span className="pipeline-card__who">
          <span className="pipeline-card__name" id={nameId ?? undefined}>
            {card.name}
          </span>
          {work ? (
            <Typography.Text type="secondary" className="pipeline-card__work">
              {work}
            </Typography.Text>
          ) : null}
        </span>
      </span>
      {card.email ? (
        <Typography.Text type="secondary" className="pipeline-card__line">
          <MailOutlined aria-hidden="true" />
          <span className="pipeline-card__text" title={card.email}>
            {card.email}
          </span>
        </Typography.Text>
      ) : null}
      {card.subject ? (
        <Typography.Text className="pipeline-card__subject" title={card.subject}>
          {card.subject}
        </Typography.Text>
      ) : null}
      {card.classification ? (
        <span
          className="pipeline-card__label"
          data-testid="pipeline-card-label"
          data-classification={card.classification}
        >
          <Tag color={classificationColors[card.classification]}>{classificationLabel(card.classification)}</Tag>
        </span>
      ) : null}
      <Typography.Text type="secondary" className="pipeline-card__line pipeline-card__time">
        <ClockCircleOutlined aria-hidden="true" />{' '}
        <time dateTime={card.stageChangedAt}>
          {t('card.timeInStage', { duration: timeInStage(card.stageChangedAt, now) })}
        </time>
      </Typography.Text>
    </>
  );
};

export type DraggableCardProps = Omit<PipelineCardViewProps, 'nameId'> & { onOpen: (card: PipelineCard) => void };

/**
 * A card on the board: dragged with the pointer, or with the keyboard (Space picks it up, the arrows choose a stage,
 * Space or Enter drops it, Escape cancels); a click or Enter opens the contact. Its accessible name is what it shows,
 * the person's name first (WCAG 2.5.3 'Label in Name').
 */
export const DraggableCard = ({ card, now, onOpen }: DraggableCardProps) => {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.contactId, data: { card } });
  const nameId = `pipeline-card-name-${card.contactId}`;
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={() => onOpen(card)}
      data-testid={`pipeline-card-${card.contactId}`}
      className={`pipeline-card${isDragging ? ' pipeline-card--placeholder' : ''}`}
    >
      <PipelineCardView card={card} now={now} nameId={nameId} />
    </button>
  );
};
