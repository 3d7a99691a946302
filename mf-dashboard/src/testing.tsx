/** This remote's test fixtures: its routes rendered as the shell would, screen widths, flushing timers, translations. */
import { theme } from '@blockpilot/shared';
import { switchLanguage, TranslationProvider } from '@blockpilot/shared/i18n';
import { createMockSession, renderRemote, type MockSession } from '@blockpilot/shared/mock';
import { act, renderHook, screen } from '@testing-library/react';
import App from './App';
import { useT, type DashboardT } from './i18n';

export const DESKTOP_WIDTH = theme.breakpoints.lg;
export const PHONE_WIDTH = 360;

export const renderApp = (path: string, session: MockSession = createMockSession()) => renderRemote(App, path, session);

/**
 * {@link renderApp} inside an awaited act, as a render in a language other than English must be:
 * a screen may wait (suspend) for its texts (docs/FRONTEND.md, "Languages").
 */
export async function renderAppIn(path: string, session: MockSession = createMockSession()): Promise<ReturnType<typeof renderApp>> {
  let view!: ReturnType<typeof renderApp>;
  await act(async () => {
    view = renderApp(path, session);
  });
  return view;
}

/** Opens a page loaded as its own chunk (Stats, Calendar) with {@link renderAppIn}, and lets its chunk, then its data, arrive. */
export async function openPageIn(path: string, session: MockSession): Promise<ReturnType<typeof renderApp>> {
  const view = await renderAppIn(path, session);
  await flush();
  await flush();
  return view;
}

/** A page of the dashboard's own (Stats, Calendar) shows `title` as its h1 and tab title, and the span of days it shows. */
export function expectPageShowing(title: string, span: string): void {
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} · BlockPilot`);
  expect(screen.getByRole('heading', { level: 2, name: span })).toBeInTheDocument();
}

/** This remote's `t` in the page's language now, for the helpers that take one (format.ts). */
export function translator(): DashboardT {
  return renderHook(() => useT(), { wrapper: TranslationProvider }).result.current;
}

/** Lets pending promises (mock API answers) and timers due by now run, inside act. */
export async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** Runs each test of the enclosing `describe` in Spanish, and puts the page back in English after it. */
export function inSpanish(): void {
  beforeEach(async () => {
    await act(() => switchLanguage('es'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });
}

/** An element's text, with spaces of any kind as plain ones (Spanish clocks hold no-break spaces: "6:00 p.m."). */
export const textOf = (element: Element): string => (element.textContent ?? '').replace(/\s/g, ' ');

/** The texts of elements, in order: the options of a select, the headings of a list. */
export const textsOf = (elements: readonly Element[]): string[] => elements.map(textOf);

/** Every text of the page, shown or said: its text, its title, and the names and hints in attributes. */
function pageTexts(): string {
  const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];
  const said = [...document.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))].flatMap((element) => attributes.map((name) => element.getAttribute(name) ?? ''));
  return [document.title, document.body.textContent ?? '', ...said].join('\n');
}

/** Fails when the page shows or says one of this remote's keys instead of its message ("dashboard.filter.title"). */
export function expectNoRawKeys(): void {
  expect(pageTexts()).not.toMatch(/\bdashboard\.[a-zA-Z]/);
}
