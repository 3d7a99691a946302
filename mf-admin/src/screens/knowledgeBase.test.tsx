import type { KnowledgeBaseArticle } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing';

const PUBLISHED: KnowledgeBaseArticle = {
  id: 1,
  question: 'How do I add credit?',
  answer: 'Open Account.\n\n- Choose an amount',
  published: true,
  language: 'en',
  updatedAt: Date.UTC(2025, 0, 2),
};
const DRAFT: KnowledgeBaseArticle = { id: 2, question: 'What is new?', answer: 'Soon.', published: false, language: 'en', updatedAt: Date.UTC(2025, 0, 3) };

const articles = () =>
  within(screen.getByRole('list', { name: 'Articles' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('Knowledge base (/admin/knowledgeBase)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('shows a loading state, then the articles in order with their answer lines and whether drivers see them', async () => {
    let answer: () => void = () => undefined;
    server = mockApi({ 'GET /admin/knowledgeBase': () => new Promise((resolve) => (answer = () => resolve({ data: [PUBLISHED, DRAFT] }))) });
    renderConsole('/admin/knowledgeBase');
    expect(await screen.findByText('Loading the knowledge base…')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('list', { name: 'Articles' })).toBeInTheDocument();
    expect(articles()).toEqual(['How do I add credit?', 'What is new?']);
    expect(screen.getByText('- Choose an amount')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });

  it('says when there are no articles', async () => {
    server = mockApi({ 'GET /admin/knowledgeBase': { data: [] } });
    renderConsole('/admin/knowledgeBase');
    expect(await screen.findByText('No articles yet: drivers see an empty knowledge base.')).toBeInTheDocument();
  });

  it('says when the articles could not be loaded, and tries again', async () => {
    let fail = true;
    server = mockApi({ 'GET /admin/knowledgeBase': () => (fail ? { status: 500, body: { alert: 'Something went wrong on our side.' } } : { data: [PUBLISHED] }) });
    renderConsole('/admin/knowledgeBase');
    expect(await screen.findByRole('alert')).toHaveTextContent('The knowledge base could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'How do I add credit?' })).toBeInTheDocument();
  });

  it('lets support read but not edit', async () => {
    server = mockApi({ 'GET /admin/knowledgeBase': { data: [PUBLISHED] } });
    renderConsole('/admin/knowledgeBase', 'support');
    expect(await screen.findByRole('heading', { level: 2, name: 'How do I add credit?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New article' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('writes a new article with a live preview, and shows the server’s per-field messages', async () => {
    let list = [PUBLISHED];
    let refuse = true;
    server = mockApi({
      'GET /admin/knowledgeBase': () => ({ data: list }),
      'POST /admin/knowledgeBase': ({ body }) => {
        if (refuse) return { status: 400, body: { alert: 'Check the highlighted fields.', errors: { question: 'Write the question.' } } };
        list = [...list, { ...(body as KnowledgeBaseArticle), id: 3, updatedAt: Date.UTC(2025, 0, 4) }];
        return { data: list[1] };
      },
    });
    renderConsole('/admin/knowledgeBase');
    await userEvent.click(await screen.findByRole('button', { name: 'New article' }));
    const form = screen.getByRole('form', { name: 'New article' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    expect(await within(form).findByText('Write the question.')).toBeInTheDocument();

    refuse = false;
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Can I pause?');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Answer' }), 'Yes.{enter}- Press Stop');
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Can I pause?' })).toBeInTheDocument();
    expect(within(preview).getByText('- Press Stop')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Published: drivers see it at once' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(articles()).toEqual(['How do I add credit?', 'Can I pause?']));
    expect(server.callsTo('POST /admin/knowledgeBase').at(-1)!.body).toEqual({ question: 'Can I pause?', answer: 'Yes.\n- Press Stop', published: true, language: 'en' });
    expect(screen.queryByRole('form', { name: 'New article' })).not.toBeInTheDocument();
  });

  it("writes an article for the drivers who read Spanish, and says each article's language", async () => {
    let list = [PUBLISHED];
    server = mockApi({
      'GET /admin/knowledgeBase': () => ({ data: list }),
      'POST /admin/knowledgeBase': ({ body }) => {
        list = [...list, { ...(body as KnowledgeBaseArticle), id: 3, updatedAt: Date.UTC(2025, 0, 4) }];
        return { data: list[1] };
      },
    });
    renderConsole('/admin/knowledgeBase');
    await userEvent.click(await screen.findByRole('button', { name: 'New article' }));
    const form = screen.getByRole('form', { name: 'New article' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), '¿Puedo pausar?');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Answer' }), 'Sí.');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Language' }), 'Español');
    await userEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(articles()).toEqual(['How do I add credit?', '¿Puedo pausar?']));
    expect(server.callsTo('POST /admin/knowledgeBase').at(-1)!.body).toMatchObject({ question: '¿Puedo pausar?', language: 'es' });
    const cards = within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('English')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Español')).toBeInTheDocument();
  });

  it('edits an article in place', async () => {
    server = mockApi({
      'GET /admin/knowledgeBase': { data: [PUBLISHED] },
      'POST /admin/knowledgeBase/1': ({ body }) => ({ data: { ...PUBLISHED, ...(body as object) } }),
    });
    renderConsole('/admin/knowledgeBase');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: How do I add credit?' }));
    const form = screen.getByRole('form', { name: 'Edit article' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Published: drivers see it at once' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(server.callsTo('POST /admin/knowledgeBase/1')).toHaveLength(1));
    expect(server.callsTo('POST /admin/knowledgeBase/1')[0]!.body).toEqual({ question: PUBLISHED.question, answer: PUBLISHED.answer, published: false, language: 'en' });
  });

  it('moves an article and sends the whole new order', async () => {
    server = mockApi({ 'GET /admin/knowledgeBase': { data: [PUBLISHED, DRAFT] }, 'POST /admin/knowledgeBase/order': { data: [DRAFT, PUBLISHED] } });
    renderConsole('/admin/knowledgeBase');
    expect(await screen.findByRole('button', { name: 'Move up: How do I add credit?' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: What is new?' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move down: How do I add credit?' }));
    await waitFor(() => expect(server.callsTo('POST /admin/knowledgeBase/order')).toHaveLength(1));
    expect(server.callsTo('POST /admin/knowledgeBase/order')[0]!.body).toEqual({ ids: [2, 1] });
  });

  it('deletes an article only after confirming', async () => {
    server = mockApi({ 'GET /admin/knowledgeBase': { data: [PUBLISHED] }, 'DELETE /admin/knowledgeBase/1': { data: null } });
    renderConsole('/admin/knowledgeBase');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: How do I add credit?' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this article?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.callsTo('DELETE /admin/knowledgeBase/1')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete: How do I add credit?' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this article?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE /admin/knowledgeBase/1')).toHaveLength(1));
  });
});
