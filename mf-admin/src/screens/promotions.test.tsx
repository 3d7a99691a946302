import type { Promotion } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing';
import { PROGRESS_POLL_MS } from './PromotionsScreen';

const DRAFT: Promotion = {
  id: 4,
  subject: 'Summer blocks',
  text: 'More blocks this summer.',
  status: 'draft',
  createdByEmail: 'ops@blockpilot.test',
  createdAt: Date.UTC(2025, 5, 1),
  sendStartedAt: null,
  sentAt: null,
  delivery: { recipients: 0, pending: 0, sent: 0, skipped: 0, failed: 0, unconfirmed: 0 },
  batches: { total: 0, done: 0 },
};

describe('Promotions (/admin/promotions)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('is for admins only: support gets "No access" and the server is not asked', () => {
    server = mockApi({});
    renderConsole('/admin/promotions', 'support');
    expect(screen.getByText('Only an admin may send promotions.')).toBeInTheDocument();
    expect(server.callsTo('GET /admin/promotions')).toEqual([]);
  });

  it('shows a loading state, then says when there are none', async () => {
    let answer: () => void = () => undefined;
    server = mockApi({ 'GET /admin/promotions': () => new Promise((resolve) => (answer = () => resolve({ data: [] }))) });
    renderConsole('/admin/promotions');
    expect(await screen.findByText('Loading promotions…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('No promotions yet.')).toBeInTheDocument();
  });

  it('says when the promotions could not be loaded', async () => {
    server = mockApi({ 'GET /admin/promotions': { status: 500, body: { alert: 'Something went wrong on our side.' } } });
    renderConsole('/admin/promotions');
    expect(await screen.findByRole('alert')).toHaveTextContent('The promotions could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('composes a draft with a preview, and shows the server’s per-field messages', async () => {
    let list: Promotion[] = [];
    let refuse = true;
    server = mockApi({
      'GET /admin/promotions': () => ({ data: list }),
      'POST /admin/promotions': ({ body }) => {
        if (refuse) return { status: 400, body: { alert: 'Check the highlighted fields.', errors: { subject: 'Write the subject.' } } };
        list = [{ ...DRAFT, ...(body as object) }];
        return { data: list[0] };
      },
    });
    renderConsole('/admin/promotions');
    const form = screen.getByRole('form', { name: 'New promotion' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText('Write the subject.')).toBeInTheDocument();
    refuse = false;
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Winter blocks');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'Stay warm.');
    expect(within(within(form).getByRole('region', { name: 'Preview' })).getByRole('heading', { name: 'Preview: Winter blocks' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Winter blocks' })).toBeInTheDocument();
    expect(server.callsTo('POST /admin/promotions').at(-1)!.body).toEqual({ subject: 'Winter blocks', text: 'Stay warm.' });
  });

  it(
    'sends a draft after confirming, then shows its progress until it is sent',
    async () => {
      let promotion = DRAFT;
      server = mockApi({
        'GET /admin/promotions': () => {
          const shown = promotion;
          // The next poll finds the sending finished.
          if (promotion.status === 'sending')
            promotion = {
              ...promotion,
              status: 'sent',
              sentAt: Date.UTC(2025, 5, 2),
              delivery: { recipients: 203, pending: 0, sent: 200, skipped: 1, failed: 0, unconfirmed: 2 },
              batches: { total: 3, done: 3 },
            };
          return { data: [shown] };
        },
        'GET /admin/promotions/audience': { data: { drivers: 203 } },
        'POST /admin/promotions/4/send': () => {
          promotion = {
            ...promotion,
            status: 'sending',
            sendStartedAt: Date.UTC(2025, 5, 2),
            delivery: { recipients: 203, pending: 102, sent: 101, skipped: 0, failed: 0, unconfirmed: 0 },
            batches: { total: 3, done: 1 },
          };
          return { data: promotion };
        },
      });
      renderConsole('/admin/promotions');
      await userEvent.click(await screen.findByRole('button', { name: 'Send to drivers' }));
      const dialog = screen.getByRole('dialog', { name: 'Send this promotion?' });
      // Before anything is sent, the dialog says how many drivers the server counts.
      expect(await within(dialog).findByText('It will reach 203 drivers now.')).toBeInTheDocument();
      expect(server.callsTo('POST /admin/promotions/4/send')).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
      expect(await screen.findByText('101 of 203 drivers done, in 1 of 3 batches: 101 delivered, 0 opted out meanwhile, 0 failed.')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute('value', '101');
      expect(screen.getByText('Sending')).toBeInTheDocument();
      expect(
        await screen.findByText('203 of 203 drivers done, in 3 of 3 batches: 200 delivered, 1 opted out meanwhile, 0 failed.', {}, { timeout: PROGRESS_POLL_MS * 3 }),
      ).toBeInTheDocument();
      expect(screen.getByText('2 e-mails were being sent when a server stopped: they may or may not have gone, and are never sent again.')).toBeInTheDocument();
      expect(screen.getByText('Sent')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send to drivers' })).not.toBeInTheDocument();
      await waitFor(() => expect(server.callsTo('POST /admin/promotions/4/send')).toHaveLength(1));
    },
    PROGRESS_POLL_MS * 5,
  );

  it('says in the send dialog when the drivers it will reach could not be counted', async () => {
    server = mockApi({ 'GET /admin/promotions': { data: [DRAFT] }, 'GET /admin/promotions/audience': { status: 500, body: { alert: 'Something went wrong on our side.' } } });
    renderConsole('/admin/promotions');
    await userEvent.click(await screen.findByRole('button', { name: 'Send to drivers' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this promotion?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The drivers it will reach could not be counted.');
  });
});
