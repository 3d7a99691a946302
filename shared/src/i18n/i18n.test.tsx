import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition, Suspense, useState } from 'react';
import { languageOfBrowser } from '../rules';
import { formatCents, formatClock, formatDayOf } from '../format';
import { api } from '../api/endpoints';
import { mockAccount, mockApi, MockProviders, type MockApi } from '../mock';
import { SessionProvider } from '../session/SessionProvider';
import { setAccessToken, writeStored } from '../session/storage';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { defineCatalog, TranslationProvider, useLanguage } from './react';
import { activeLanguage, startingLanguage, switchLanguage } from './runtime';

const en = { greeting: 'Hello {name}', skipped: '{count, plural, one {# offer worth {amount} skipped} other {# offers worth {amount} skipped}}', terms: 'Read the <0>terms</0>' };
const es = { greeting: 'Hola {name}', skipped: '{count, plural, one {# oferta de {amount} omitida} other {# ofertas de {amount} omitidas}}', terms: 'Lee las <0>condiciones</0>' };
let releaseSpanish: () => void = () => undefined;
const spanishLoads: string[] = [];
const { useT, T } = defineCatalog('test', {
  en,
  es: () =>
    new Promise((resolve) => {
      spanishLoads.push('test');
      releaseSpanish = () => resolve({ default: es });
    }),
});

function Greeting({ count }: { count: number }) {
  const t = useT();
  return (
    <>
      <p>{t('greeting', { name: 'Sam' })}</p>
      <p>{t('skipped', { count, amount: formatCents('$', 43_000) })}</p>
      <T id="terms" components={{ 0: <a href="/terms" /> }} />
    </>
  );
}

function Switcher() {
  const { language, changeLanguage } = useLanguage();
  return (
    <button type="button" onClick={() => void changeLanguage(language === 'en' ? 'es' : 'en')}>
      now {language}
    </button>
  );
}

let server: MockApi;
beforeEach(() => {
  localStorage.clear();
  server = mockApi({ 'POST /user/saveLanguage': { data: null } });
});
afterEach(async () => {
  releaseSpanish();
  await act(() => switchLanguage('en'));
  server.restore();
  setAccessToken(null);
});

describe('languages (docs/FRONTEND.md, "Languages")', () => {
  it('a first visit follows the browser: the first language it prefers that the app speaks', () => {
    expect(languageOfBrowser(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(languageOfBrowser(['de', 'pt-BR'])).toBe('en');
    expect(languageOfBrowser([])).toBe('en');
  });

  it('a choice made on this browser wins over the browser, and the stored account over the browser', () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-US']);
    expect(startingLanguage()).toBe('es');
    writeStored('account', mockAccount({ language: 'en' }));
    expect(startingLanguage()).toBe('en');
    writeStored('language', 'es');
    expect(startingLanguage()).toBe('es');
  });

  it('translates with placeholders, plural rules and elements, and switches the whole screen at once once the catalog is in', async () => {
    render(
      <TranslationProvider>
        <Switcher />
        <Greeting count={1} />
      </TranslationProvider>,
    );
    expect(screen.getByText('Hello Sam')).toBeInTheDocument();
    expect(screen.getByText('1 offer worth $430.00 skipped')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');

    await userEvent.click(screen.getByRole('button', { name: 'now en' }));
    // Nothing changes while the Spanish catalog is on its way: no half-translated screen.
    expect(screen.getByText('Hello Sam')).toBeInTheDocument();
    await act(async () => releaseSpanish());
    expect(await screen.findByText('Hola Sam')).toBeInTheDocument();
    expect(screen.getByText('1 oferta de $430.00 omitida')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'condiciones' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'now es' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('"es"');
    // A visitor's choice stays on the browser: nothing to save on an account.
    expect(server.callsTo('POST /user/saveLanguage')).toHaveLength(0);
  });

  it('plural forms follow the language: "2 ofertas ... omitidas"', async () => {
    const switching = switchLanguage('es');
    releaseSpanish();
    await act(() => switching);
    render(
      <TranslationProvider>
        <Greeting count={2} />
      </TranslationProvider>,
    );
    expect(await screen.findByText('2 ofertas de $430.00 omitidas')).toBeInTheDocument();
  });

  it('a screen opened in a language whose catalog is not in yet waits for it instead of showing English', async () => {
    const switching = switchLanguage('es');
    releaseSpanish();
    await act(() => switching);
    const { useT: useLate } = defineCatalog('late', { en: { title: 'Stats' }, es: () => Promise.resolve({ default: { title: 'Estadísticas' } }) });
    function Late() {
      return <h1>{useLate()('title')}</h1>;
    }
    // A render that suspends must be awaited inside act (React's test rule).
    await act(async () => {
      render(
        <TranslationProvider>
          <Suspense fallback={<p>loading</p>}>
            <Late />
          </Suspense>
        </TranslationProvider>,
      );
    });
    expect(screen.queryByText('Stats')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Estadísticas' })).toBeInTheDocument();
  });

  it("a signed-in driver's choice is saved on the account, and the API is told the page's language", async () => {
    setAccessToken('token');
    render(
      <MockProviders>
        <LanguageSwitch compact />
      </MockProviders>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'Español');
    await act(async () => releaseSpanish());
    await screen.findByRole('combobox', { name: 'Idioma' });
    expect(server.callsTo('POST /user/saveLanguage').map((call) => call.body)).toEqual([{ language: 'es' }]);
    expect(server.callsTo('POST /user/saveLanguage')[0]!.headers['Accept-Language']).toBe('es');
    expect(activeLanguage()).toBe('es');
  });

  it("the account's language wins when it loads, on any device", async () => {
    server.on('GET /user', { data: mockAccount({ language: 'es', flexConnected: false }) });
    server.on('GET /user/locale', { data: { locale: 'en-US' } });
    setAccessToken('token');
    render(
      <TranslationProvider>
        <SessionProvider>
          <Greeting count={3} />
        </SessionProvider>
      </TranslationProvider>,
    );
    await act(async () => {
      await api.user.get().catch(() => undefined);
      releaseSpanish();
    });
    expect(await screen.findByText('Hola Sam')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('"es"');
  });

  it('mounts a screen whose catalog arrives while React renders it without a recoverable error (React replays it)', async () => {
    const switching = switchLanguage('es');
    releaseSpanish();
    await act(() => switching);
    const { useT: useReplayed } = defineCatalog('replayed', { en: { title: 'Stats' }, es: () => Promise.resolve({ default: { title: 'Estadísticas' } }) });
    function Screen() {
      const t = useReplayed();
      // A hook after the catalog's wait: React calls it again on the replay.
      const [mark] = useState('!');
      return <h1>{t('title') + mark}</h1>;
    }
    const recovered: unknown[] = [];
    await act(async () => {
      startTransition(() => {
        render(
          <TranslationProvider>
            <Screen />
          </TranslationProvider>,
          { onRecoverableError: (error) => recovered.push(error) },
        );
      });
    });
    expect(await screen.findByRole('heading', { name: 'Estadísticas!' })).toBeInTheDocument();
    expect(recovered).toEqual([]);
  });

  it('formats money, days and times with Intl in Spanish, and keeps the English texts exact', () => {
    expect(formatCents('$', 123_456, 'en')).toBe('$1,234.56');
    expect(formatCents('$', -300, 'es')).toBe('-$3.00');
    expect(formatDayOf({ weekday: 1, month: 0, day: 6, hours: 0, minutes: 0 }, 'en')).toBe('Mon, Jan 6');
    expect(formatDayOf({ weekday: 1, month: 0, day: 6, hours: 0, minutes: 0 }, 'es')).toBe('lun, 6 ene');
    expect(formatClock({ hours: 18, minutes: 5 }, false, 'en')).toBe('6:05 PM');
    expect(formatClock({ hours: 18, minutes: 5 }, false, 'es').replace(/\s/g, ' ')).toBe('6:05 p.m.');
  });
});
