import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

/** The one-tap page of an `offered` notification (docs/PRODUCT.md "Notify-only filters"). */
describe('One-tap accept page (/acceptOffer/{token})', () => {
  let server: MockApi;
  const start = Math.floor(Date.now() / 1000) + 3 * 3600;
  const block = { startTime: start, endTime: start + 7200, serviceAreaId: 'sa-1', serviceAreaName: 'Seattle (DWA6)', priceAmount: 90, currency: 'USD', state: 'offered' };
  beforeEach(() => {
    server = mockApi({ 'POST /offers/offeredBlock': { data: block } });
  });
  afterEach(() => server.restore());

  it('shows the block and ONE Accept button; opening the page accepts nothing; the tap posts the token and says the outcome', async () => {
    server.on('POST /offers/acceptOffered', { data: { outcome: 'accepted', feeCents: 315 } });
    renderApp('/acceptOffer/the-token');
    expect(await screen.findByText('Seattle (DWA6)')).toBeInTheDocument();
    expect(screen.getByText('90.00 USD')).toBeInTheDocument();
    expect(server.callsTo('POST /offers/offeredBlock').map((c) => c.body)).toEqual([{ token: 'the-token' }]);
    expect(server.callsTo('POST /offers/acceptOffered')).toHaveLength(0);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(server.callsTo('POST /offers/acceptOffered').map((c) => c.body)).toEqual([{ token: 'the-token' }]);
    expect(await screen.findByText('Block accepted. It is on your schedule.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says "Taken by another driver." when a rival got it first', async () => {
    server.on('POST /offers/acceptOffered', { status: 410, body: { code: 'BP_ERR_OFFER_TAKEN', alert: 'Taken by another driver.' } });
    renderApp('/acceptOffer/the-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Taken by another driver.');
  });

  it('offers no button for a block already accepted, and says why a link does not work', async () => {
    server.on('POST /offers/offeredBlock', { data: { ...block, state: 'accepted' } });
    const first = renderApp('/acceptOffer/the-token');
    expect(await screen.findByText('This block is already accepted for you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    first.unmount();
    server.on('POST /offers/offeredBlock', { status: 400, body: { code: 'BP_ERR_ACCEPT_LINK_INVALID', alert: 'This accept link is not valid. Nothing was changed.' } });
    renderApp('/acceptOffer/bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('This accept link is not valid.');
  });
});
