// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeLanguage } from '@/i18n/boot';
import { setLanguage } from '@/i18n/language';
import { mountPerTest } from '@/test/mountPerTest';
import { BootError } from './BootError';
import { PageLoading } from './PageLoading';
import { RouteError } from './RouteError';

const { render, container } = mountPerTest();

const texts = () =>
  [...container().querySelectorAll('h1, p, button, a, [role="status"]')].map((node) => node.textContent);

// in this order: the first two run before the interface has switched to a language, the last one after
describe('the screens shown before the catalogues, or instead of them', () => {
  beforeEach(() => localStorage.clear());

  it("say the configuration could not be loaded in this browser's language, though no catalogue ever arrived", async () => {
    storeLanguage('de');
    await render(<BootError error={new Error('config.json: HTTP 503')} />);
    expect(texts()).toEqual([
      'Outreach konnte nicht starten',
      'Die Konfiguration konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal.',
      'config.json: HTTP 503',
      'Erneut versuchen',
    ]);
  });

  it("show a first load's 'Loading...' in the language the app is about to speak, English without a choice", async () => {
    storeLanguage('fr');
    await render(<PageLoading />);
    expect(texts()).toEqual(['Chargement...']);
    localStorage.clear();
    await render(<PageLoading />);
    expect(texts()).toEqual(['Loading...']);
  });

  it('say a page failed in the language the interface speaks', async () => {
    storeLanguage('de');
    await setLanguage('es');
    await render(
      <MemoryRouter>
        <RouteError />
      </MemoryRouter>,
    );
    expect(texts()).toEqual([
      'Algo ha salido mal',
      'Se ha producido un error inesperado al cargar esta página.',
      'Reintentar',
      'Ir al inicio',
    ]);
  });
});
