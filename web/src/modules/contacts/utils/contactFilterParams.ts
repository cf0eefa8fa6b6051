import type { ContactFilters } from '../hooks/useContactList';
import { contactsPaths } from '@/lib/paths';
import { lookupStatuses, relationshipColors, sortOptions } from './contactLabels';

/**
 * The dashboard's query parameters: the contacts table's filters and the open contact follow the URL, so a link (a
 * summary card, a pending task) opens the table filtered or a contact's drawer, and Back undoes it.
 */
export const contactParams = {
  q: 'q',
  lookup: 'lookup',
  relationship: 'relationship',
  /** `<field>:<order>`, one of the sort choices (`name:asc`) */
  sort: 'sort',
  /** the contact whose drawer is open */
  contact: 'contact',
  /** `1`: the drawer opens with the reply to the contact's latest answer (DESIGN §9) */
  reply: 'reply',
} as const;

export const defaultContactFilters: ContactFilters = { sort: 'last_updated', order: 'desc' };

const defaultSort = `${defaultContactFilters.sort}:${defaultContactFilters.order}`;

const isKeyOf = <K extends string>(table: Record<K, unknown>, value: string | null): value is K =>
  value !== null && Object.hasOwn(table, value);

/** The table's filters in `params`; what is missing or not one of the choices is left at its default. */
export const contactFiltersOf = (params: URLSearchParams): ContactFilters => {
  const q = params.get(contactParams.q)?.trim();
  const lookup = params.get(contactParams.lookup);
  const relationship = params.get(contactParams.relationship);
  const sort = sortOptions.find((option) => option.value === params.get(contactParams.sort))?.value ?? defaultSort;
  const [field, order] = sort.split(':') as [ContactFilters['sort'], ContactFilters['order']];
  return {
    ...(q ? { q } : {}),
    ...(isKeyOf(lookupStatuses, lookup) ? { email_lookup_status: lookup } : {}),
    ...(isKeyOf(relationshipColors, relationship) ? { relationship_status: relationship } : {}),
    sort: field,
    order,
  };
};

const setOrDelete = (params: URLSearchParams, name: string, value: string | undefined) => {
  if (value) params.set(name, value);
  else params.delete(name);
};

/** `current` with the table's filters replaced by `filters` (defaults left out); other parameters are kept. */
export const withContactFilters = (current: URLSearchParams, filters: ContactFilters) => {
  const next = new URLSearchParams(current);
  setOrDelete(next, contactParams.q, filters.q?.trim());
  setOrDelete(next, contactParams.lookup, filters.email_lookup_status);
  setOrDelete(next, contactParams.relationship, filters.relationship_status);
  const sort = `${filters.sort ?? defaultContactFilters.sort}:${filters.order ?? defaultContactFilters.order}`;
  setOrDelete(next, contactParams.sort, sort === defaultSort ? undefined : sort);
  return next;
};

const dashboardWith = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${contactsPaths.dashboard}?${query}` : contactsPaths.dashboard;
};

/** The dashboard with its contacts table filtered (`{email_lookup_status: 'error'}`: the failed lookups). */
export const contactListPath = (filters: Partial<ContactFilters> = {}) =>
  dashboardWith(withContactFilters(new URLSearchParams(), { ...defaultContactFilters, ...filters }));

/** The dashboard with a contact's drawer open (its profile, e-mail, draft and conversation). */
export const contactDrawerPath = (contactId: string, options: { reply?: boolean } = {}) =>
  dashboardWith(
    new URLSearchParams({
      [contactParams.contact]: contactId,
      ...(options.reply ? { [contactParams.reply]: '1' } : {}),
    }),
  );
