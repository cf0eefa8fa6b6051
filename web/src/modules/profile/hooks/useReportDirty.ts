import { useEffect } from 'react';
import { setEditorDirty } from '../state/unsavedChangesState';

/** Tells the page's unsaved-changes guard whether editor `id` holds unsaved changes (and forgets it on unmount). */
export const useReportDirty = (id: string, dirty: boolean) => {
  useEffect(() => {
    setEditorDirty(id, dirty);
    return () => setEditorDirty(id, false);
  }, [id, dirty]);
};
