import { proxy } from 'valtio';

export type UnsavedChangesState = {
  /** editors of the page with changes not saved yet, by id */
  dirty: Record<string, true>;
};

/** Which editors of the profile page hold unsaved changes, so one guard can ask before the page is left. */
export const unsavedChangesState = proxy<UnsavedChangesState>({ dirty: {} });

export const setEditorDirty = (id: string, dirty: boolean) => {
  if (dirty) unsavedChangesState.dirty[id] = true;
  else delete unsavedChangesState.dirty[id];
};

export const hasUnsavedChanges = (state: UnsavedChangesState) => Object.keys(state.dirty).length > 0;
