// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { Link, MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import englishCatalogue from '@/i18n/locales/en/contacts.json';
import germanCatalogue from '@/i18n/locales/de/contacts.json';
import { setLanguage } from '@/i18n/language';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { wireContact } from '@/test/contactFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { ContactsDashboard } from './ContactsDashboard';

const { render } = mountPerTest();

/** The table renders a lot of antd: seconds on a busy machine. */
const tableTestTimeoutMs = 20_000;

const Location = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const Back = () => {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
};

/** `matching`: whether the contact matches a query (the server's filter); by default every query finds it */
const show = async (entry: string, matching: (query: Record<string, unknown>) => boolean = () => true) => {
  const queries: Record<string, unknown>[] = [];
  const request = async (route: string, input: { query: Record<string, unknown> }) => {
    if (route !== 'GET /api/contacts') throw new Error(`unexpected ${route}`);
    queries.push(input.query);
    return matching(input.query)
      ? { contacts: [wireContact()], next_cursor: null, total: 1 }
      : { contacts: [], next_cursor: null, total: 0 };
  };
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={{ request } as unknown as ApiClient}>
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <MemoryRouter initialEntries={['/dashboard', entry]}>
              <Location />
              <Back />
              <Link to="/dashboard?q=grace">Search Grace</Link>
              <ContactsDashboard />
            </MemoryRouter>
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  return queries;
};

const location = () => document.querySelector('[data-testid="location"]')?.textContent;
const selectOf = (label: string) => document.querySelector<HTMLSelectElement>(`select[aria-label="${label}"]`);
const shown = (label: string) => selectOf(label)?.selectedOptions[0]?.textContent ?? '';
const click = (element: HTMLElement | null | undefined) =>
  act(async () => {
    if (!element) throw new Error('nothing to click');
    element.click();
  });
const choose = async (label: string, option: string) => {
  const select = selectOf(label);
  const value = [...(select?.options ?? [])].find((candidate) => candidate.textContent === option)?.value;
  if (!select || value === undefined) throw new Error(`no ${option} in ${label}`);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('the contacts table and the URL', () => {
  it(
    'opens filtered as the URL says; a filter chosen goes into the URL, and Back undoes it',
    async () => {
      const queries = await show('/dashboard?lookup=error');
      await untilPasses(() => expect(selectOf('Filter by relationship')).not.toBeNull());
      expect(queries[0]).toMatchObject({ email_lookup_status: 'error', sort: 'last_updated', order: 'desc' });
      expect(shown('Filter by e-mail lookup')).toContain('Lookup failed');

      await choose('Filter by relationship', 'Replied');
      await untilPasses(() => expect(location()).toBe('/dashboard?lookup=error&relationship=replied'));
      await untilPasses(() =>
        expect(queries.at(-1)).toMatchObject({ email_lookup_status: 'error', relationship_status: 'replied' }),
      );
      expect(shown('Filter by relationship')).toContain('Replied');

      await click(
        [...document.querySelectorAll<HTMLElement>('button')].find((button) => button.textContent === 'Back'),
      );
      await untilPasses(() => expect(location()).toBe('/dashboard?lookup=error'));
      await untilPasses(() => expect(shown('Filter by relationship')).not.toContain('Replied'));

      await click(
        [...document.querySelectorAll<HTMLElement>('button')].find((button) => button.textContent === 'Back'),
      );
      await untilPasses(() => expect(location()).toBe('/dashboard'));
      await untilPasses(() => expect(shown('Filter by e-mail lookup')).not.toContain('Lookup failed'));
      expect(queries.at(-1)).not.toHaveProperty('email_lookup_status');
    },
    tableTestTimeoutMs,
  );

  it(
    'offers every relationship as the pipeline names it, and a filter that matches nothing says so in words',
    async () => {
      await show('/dashboard', (query) => query.relationship_status === undefined);
      await untilPasses(() => expect(selectOf('Filter by relationship')).not.toBeNull());
      expect([...(selectOf('Filter by relationship')?.options ?? [])].map((option) => option.textContent)).toEqual([
        'Relationship',
        'New',
        'Contacted',
        'Replied',
        'Meeting scheduled',
        'Closed',
      ]);
      await untilPasses(() => expect(document.querySelectorAll('[data-testid="contact-row"]')).toHaveLength(1));

      await choose('Filter by relationship', 'Meeting scheduled');
      const table = () => document.querySelector('[data-testid="contacts-table"]')?.textContent ?? '';
      await untilPasses(() => expect(table()).toContain('No contacts match this search or filter'));
      expect(table()).not.toContain('No data');
    },
    tableTestTimeoutMs,
  );

  it(
    'shows a search the URL brings in the search box',
    async () => {
      const queries = await show('/dashboard');
      await untilPasses(() => expect(selectOf('Filter by relationship')).not.toBeNull());
      await click(
        [...document.querySelectorAll<HTMLAnchorElement>('a')].find((link) => link.textContent === 'Search Grace'),
      );
      await untilPasses(() =>
        expect(document.querySelector<HTMLInputElement>('input[aria-label="Search contacts"]')?.value).toBe('grace'),
      );
      await untilPasses(() => expect(queries.at(-1)).toMatchObject({ q: 'grace' }));
    },
    tableTestTimeoutMs,
  );
});

/** Every text of a catalogue by its key path ('table.contact'). */
const texts = (catalogue: object, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(texts(value as object, `${prefix}${key}.`)),
    ),
  );

describe('the contacts dashboard in German', () => {
  afterEach(() => setLanguage('en'));

  it(
    'speaks German in its header, toolbar, table and count: no English text of the page is left',
    async () => {
      await setLanguage('de');
      await show('/dashboard');
      await untilPasses(() => expect(document.querySelectorAll('[data-testid="contact-row"]')).toHaveLength(1));
      const page = () => document.body.textContent ?? '';
      const headers = [...document.querySelectorAll('.ant-table-thead th')].map((cell) => cell.textContent);
      expect(headers).toEqual(
        expect.arrayContaining([
          'Kontakt',
          'E-Mail',
          'E-Mail-Status',
          'Unterhaltung',
          'Beziehung',
          'Zuletzt aktualisiert',
        ]),
      );
      expect(page()).toContain('Kontakte');
      expect(page()).toContain('CSV importieren');
      expect(page()).toContain('Kontakt hinzufügen');
      expect(page()).toContain('1 von 1 Kontakt angezeigt');
      expect(document.querySelector('input[aria-label="Kontakte durchsuchen"]')?.getAttribute('placeholder')).toBe(
        'Name, Firma, E-Mail suchen',
      );
      expect([...(selectOf('Nach Beziehung filtern')?.options ?? [])].map((option) => option.textContent)).toContain(
        'Termin geplant',
      );
      // what the page said in English before the catalogues, and every English text the catalogue translates
      const germanTexts = texts(germanCatalogue);
      const english = [
        'Import CSV',
        'Export CSV',
        'Add contact',
        'E-mail status',
        'Last updated',
        'Relationship',
        'Conversation',
        'Showing',
        ...Object.entries(texts(englishCatalogue))
          .filter(([key, text]) => text.length > 3 && germanTexts[key] !== text && !text.includes('{{'))
          .map(([, text]) => text),
      ];
      expect(english.filter((text) => page().includes(text))).toEqual([]);
    },
    tableTestTimeoutMs,
  );
});
