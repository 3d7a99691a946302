import { onNotify, type KnowledgeBaseItem, type Toast } from '@blockpilot/shared';
import { createMockSession, mockApi, type MockApi } from '@blockpilot/shared/mock';
import { switchLanguage } from '@blockpilot/shared/i18n';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

const ITEMS: KnowledgeBaseItem[] = [
  { question: 'How do I forfeit a block?', answer: 'Open the log and press Forfeit on the accepted block.' },
  { question: 'Which filters should I use?', answer: ['Start wide:', '', 'narrow the stations later.'] },
];

describe('Knowledge base (/knowledgeBase, signed in)', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi();
  });
  afterEach(() => server.restore());

  const open = () => renderApp('/knowledgeBase', createMockSession());

  it('shows a loading state, then the items fetched from GET /knowledgeBase/', async () => {
    let answer!: () => void;
    server.on('GET /knowledgeBase/', () => new Promise((resolve) => (answer = () => resolve({ data: ITEMS }))));
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading articles…');
    await waitFor(() => expect(server.callsTo('GET /knowledgeBase/')).toHaveLength(1));
    await act(async () => answer());
    expect(screen.queryByText('Loading articles…')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(ITEMS.map((i) => i.question));
  });

  it('asks again in a newly chosen language: the server answers with the articles written in it', async () => {
    server.on('GET /knowledgeBase/', ({ headers }) => ({
      data: String(headers['Accept-Language'] ?? headers['accept-language']).startsWith('es') ? [{ question: '¿Cómo renuncio a un bloque?', answer: 'Abre el registro.' }] : ITEMS,
    }));
    open();
    expect(await screen.findByRole('heading', { level: 2, name: ITEMS[0]!.question })).toBeInTheDocument();
    try {
      await act(() => switchLanguage('es'));
      expect(await screen.findByRole('heading', { level: 2, name: '¿Cómo renuncio a un bloque?' })).toBeInTheDocument();
      expect(screen.queryByText(ITEMS[0]!.question)).not.toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('opens and closes each answer under its question', async () => {
    server.on('GET /knowledgeBase/', { data: ITEMS });
    open();
    const question = await screen.findByRole('button', { name: 'How do I forfeit a block?' });
    expect(screen.getByText(/press Forfeit/)).not.toBeVisible();
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/press Forfeit/)).toBeVisible();
    await userEvent.click(question);
    expect(screen.getByText(/press Forfeit/)).not.toBeVisible();
  });

  it("shows an answer given as lines one per line, with '' as a blank line", async () => {
    server.on('GET /knowledgeBase/', { data: ITEMS });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Which filters should I use?' }));
    const answer = screen.getByText('Start wide:').parentElement!;
    const lines = Array.from(answer.children);
    expect(lines.map((l) => l.textContent)).toEqual(['Start wide:', '', 'narrow the stations later.']);
    expect(lines[1]).toHaveAttribute('data-blank');
    expect(lines[1]).toBeVisible();
  });

  it("ends with an 'Ask your own question' row linking to /help, in every state", async () => {
    server.on('GET /knowledgeBase/', { data: ITEMS });
    const { location } = open();
    const ask = screen.getByRole('link', { name: /Ask your own question/ });
    expect(ask).toHaveAttribute('href', '/help');
    await screen.findByRole('button', { name: 'How do I forfeit a block?' });
    await userEvent.click(screen.getByRole('link', { name: /Ask your own question/ }));
    expect(location()).toBe('/help');
  });

  it('says so when there are no articles', async () => {
    server.on('GET /knowledgeBase/', { data: [] });
    open();
    expect(await screen.findByText('There are no articles yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ask your own question/ })).toBeInTheDocument();
  });

  it('on failure only logs (no toast), says the articles are unavailable, and can try again', async () => {
    const toasts: Toast[] = [];
    const stop = onNotify((t) => toasts.push(t));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('GET /knowledgeBase/', { status: 500, body: {} });
    open();
    expect(await screen.findByText('The knowledge base is not available right now.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('[knowledgeBase] loading failed:', expect.any(String));
    expect(toasts).toEqual([]);

    server.on('GET /knowledgeBase/', { data: ITEMS });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'How do I forfeit a block?' })).toBeInTheDocument();
    stop();
  });
});
