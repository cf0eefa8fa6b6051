import { ClockCircleOutlined, MailOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { PipelineCard } from '@shared/schemas/pipeline';
import { Typography } from 'antd';
import { ContactAvatar } from '@/modules/contacts/components/ContactAvatar';
import { pipelineMessages as text } from '../pipelineMessages';
import { timeInStage } from '../utils/pipelineBoard';

export type PipelineCardViewProps = {
  card: PipelineCard;
  now: number;
  /** the id of the name, which names the card (null on the copy that follows the pointer while dragging) */
  nameId: string | null;
};

/** What a card shows: the person, where they work, their address, the conversation's subject, the time in stage. */
export const PipelineCardView = ({ card, now, nameId }: PipelineCardViewProps) => {
  const work = [card.jobTitle, card.company].filter(Boolean).join(' · ');
  return (
    <>
      <span className="pipeline-card__head">
        <ContactAvatar name={card.name} avatarUrl={card.avatarUrl ?? ''} size={28} />
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
      <Typography.Text type="secondary" className="pipeline-card__line pipeline-card__time">
        <ClockCircleOutlined aria-hidden="true" />{' '}
        <time dateTime={card.stageChangedAt}>{text.timeInStage(timeInStage(card.stageChangedAt, now))}</time>
      </Typography.Text>
    </>
  );
};

export type DraggableCardProps = Omit<PipelineCardViewProps, 'nameId'> & { onOpen: (card: PipelineCard) => void };

/**
 * A card on the board: dragged with the pointer, or with the keyboard (Space picks it up, the arrows choose a stage,
 * Space or Enter drops it, Escape cancels); a click or Enter opens the contact. Its accessible name is the contact's.
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
      aria-labelledby={nameId}
      data-testid={`pipeline-card-${card.contactId}`}
      className={`pipeline-card${isDragging ? ' pipeline-card--placeholder' : ''}`}
    >
      <PipelineCardView card={card} now={now} nameId={nameId} />
    </button>
  );
};
