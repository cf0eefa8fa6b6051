import type { Placeholder } from '@shared/placeholders';
import { i18n } from '@/i18n';

/** A placeholder's name as the buttons and the preview say it ('First name'), in the interface's language. */
export const placeholderLabel = (name: Placeholder) => i18n.t(`templates:placeholder.${name}`);
