// @vitest-environment happy-dom
import { act } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig, useSWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { settingsDefaults, type Settings } from '@shared/schemas/profile';
import { readStoredLanguage } from '@/i18n/language';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { settingsKey } from '../api/settingsApi';
import { useLanguagePreference } from './useLanguagePreference';

const { render, container } = mountPerTest();

let mutateCache: ReturnType<typeof useSWRConfig>['mutate'];

const Probe = () => {
  useLanguagePreference();
  mutateCache = useSWRConfig().mutate;
  const { t } = useTranslation('common');
  return <p>{t('cancel')}</p>;
};

const cacheSettings = (settings: Settings) =>
  act(async () => {
    await mutateCache(settingsKey, settings, { revalidate: false });
  });

beforeEach(() => localStorage.clear());

describe('useLanguagePreference', () => {
  it("speaks the settings' language as soon as they change, without a reload, and keeps a copy for the next visit", async () => {
    await render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Probe />
      </SWRConfig>,
    );
    expect(container().textContent).toBe('Cancel');
    await cacheSettings({ ...settingsDefaults, language: 'de' });
    await untilPasses(() => expect(container().textContent).toBe('Abbrechen'));
    expect(document.documentElement.lang).toBe('de');
    expect(readStoredLanguage()).toBe('de');
    // a stored language no catalogue serves reads English
    await cacheSettings({ ...settingsDefaults, language: 'pt' });
    await untilPasses(() => expect(container().textContent).toBe('Cancel'));
  });
});
