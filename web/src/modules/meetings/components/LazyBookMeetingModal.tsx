import { lazy, Suspense, useRef } from 'react';
import type { BookMeetingModalProps } from './BookMeetingModal';

const BookMeetingModal = lazy(async () => ({ default: (await import('./BookMeetingModal')).BookMeetingModal }));

/**
 * The booking modal wherever a meeting is booked (the meetings page, the contact drawer, a pipeline card, a reply
 * notification): its code (the date picker among it) arrives the first time it opens, and it stays mounted after that
 * so it can animate closed.
 */
export const LazyBookMeetingModal = (props: BookMeetingModalProps) => {
  const opened = useRef(false);
  if (props.open) opened.current = true;
  return opened.current ? (
    <Suspense fallback={null}>
      <BookMeetingModal {...props} />
    </Suspense>
  ) : null;
};
