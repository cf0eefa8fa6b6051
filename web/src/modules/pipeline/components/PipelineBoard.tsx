import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type PipelineCard, type PipelineStage, pipelineStages } from '@shared/schemas/pipeline';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import type { BoardStage } from '../utils/pipelineBoard';
import { stageLabel } from '../utils/stageLabel';
import { PipelineCardView } from './PipelineCardView';
import { PipelineColumn } from './PipelineColumn';

export type PipelineBoardProps = {
  stages: BoardStage[];
  now: number;
  onMove: (card: PipelineCard, stage: PipelineStage) => void;
  onOpen: (card: PipelineCard) => void;
  /** a replied contact's Reply (PipelineColumn) */
  onReply?: (card: PipelineCard) => void;
};

const isStage = (value: unknown): value is PipelineStage => pipelineStages.includes(value as PipelineStage);

const cardOf = (data: { current?: Record<string, unknown> } | undefined) => data?.current?.card as PipelineCard;

/** Where a keyboard drag aims: the stage the arrows last chose (null: none yet, or a pointer drag). */
type KeyboardAim = { current: PipelineStage | null };

/**
 * The arrow keys move a picked-up card one stage left or right (to the middle of that column), not a few pixels:
 * a stage is the only place a card can go. The stage chosen is remembered in `aim` at once, so quick presses count
 * from it even before the board has measured where the card now is.
 */
export const stageCoordinates =
  (aim: KeyboardAim): KeyboardCoordinateGetter =>
  (event, { context }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    const { collisionRect, droppableRects, over, active } = context;
    if (!step || !collisionRect) return undefined;
    const overStage = over?.id;
    const from = aim.current ?? (isStage(overStage) ? overStage : cardOf(active?.data)?.stage);
    const index = from ? pipelineStages.indexOf(from) : -1;
    const target = pipelineStages[index + step];
    const rect = target ? droppableRects.get(target) : undefined;
    if (!target || !rect) return undefined;
    event.preventDefault();
    aim.current = target;
    return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + Math.min(48, rect.height / 4) };
  };

/** A pointer drops into the stage under it; the keyboard (no pointer) into the stage its card is centred on. */
const stageCollision: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** What a screen reader hears; a keyboard drag ends in the stage it aimed at (see {@link dropStage}). */
const announcementsFor = (aim: KeyboardAim): Announcements => ({
  onDragStart: ({ active }) => {
    const { name, stage } = cardOf(active.data);
    return i18n.t('pipeline:drag.pickedUp', { name, stage: stageLabel(stage) });
  },
  onDragOver: ({ active, over }) => {
    const { name } = cardOf(active.data);
    return over
      ? i18n.t('pipeline:drag.over', { name, stage: stageLabel(String(over.id)) })
      : i18n.t('pipeline:drag.notOver', { name });
  },
  onDragEnd: ({ active, over }) => {
    const { name, stage } = cardOf(active.data);
    const to = dropStage(aim, over?.id);
    return to && to !== stage
      ? i18n.t('pipeline:drag.moved', { name, stage: stageLabel(to) })
      : i18n.t('pipeline:drag.stays', { name, stage: stageLabel(stage) });
  },
  onDragCancel: ({ active }) => {
    const { name, stage } = cardOf(active.data);
    return i18n.t('pipeline:drag.cancelled', { name, stage: stageLabel(stage) });
  },
});

/** The stage a drag ends in: the one the keyboard aimed at, else the one under the pointer. */
const dropStage = (aim: KeyboardAim, overId: unknown): PipelineStage | null =>
  aim.current ?? (isStage(overId) ? overId : null);

const pointer = { activationConstraint: { distance: 6 } };

/** The five stages side by side; a card dragged to another stage is moved there (@dnd-kit, pointer and keyboard). */
export const PipelineBoard = ({ stages, now, onMove, onOpen, onReply }: PipelineBoardProps) => {
  const [aim] = useState<KeyboardAim>(() => ({ current: null }));
  const [keyboard] = useState(() => ({
    coordinateGetter: stageCoordinates(aim),
    // Enter opens the contact (a click on the card), so only Space picks it up; Tab does not drop it
    keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
  }));
  const { t } = useTranslation('pipeline');
  const accessibility = useMemo(
    () => ({ announcements: announcementsFor(aim), screenReaderInstructions: { draggable: t('drag.instructions') } }),
    [aim, t],
  );
  const sensors = useSensors(
    // a click (no movement) opens the contact; a drag starts after 6 px
    useSensor(PointerSensor, pointer),
    useSensor(KeyboardSensor, keyboard),
  );
  const [dragged, setDragged] = useState<PipelineCard | null>(null);

  const handleDragStart = ({ active }: DragStartEvent) => {
    aim.current = null;
    setDragged(cardOf(active.data) ?? null);
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    // aim is left as it is until the next drag starts: the drop's announcement, made after this, reads it too
    const to = dropStage(aim, over?.id);
    setDragged(null);
    const card = cardOf(active.data);
    if (card && to && to !== card.stage) onMove(card, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={stageCollision}
      accessibility={accessibility}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div className="pipeline-board">
        {stages.map((column) => (
          <PipelineColumn
            key={column.stage}
            stage={column.stage}
            cards={column.cards}
            now={now}
            onOpen={onOpen}
            onReply={onReply}
          />
        ))}
      </div>
      <DragOverlay>
        {dragged ? (
          <div className="pipeline-card pipeline-card--dragging">
            <PipelineCardView card={dragged} now={now} nameId={null} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};
