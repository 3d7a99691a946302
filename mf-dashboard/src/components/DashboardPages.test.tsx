/**
 * The links between the dashboard's pages start loading a page's chunk as soon as the driver shows
 * intent (src/pageChunks.ts): a finger on the link, the pointer over it, keyboard focus. The
 * dashboard's own link has no chunk to load.
 */
import { SUB_PAGES } from '@blockpilot/shared';
import { createMockSession, mockApi, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { PAGE_CHUNKS } from '../pageChunks';
import { flush, renderApp } from '../testing';

describe('the links between the dashboard pages', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi({ 'POST /user/getLogs': { data: [] } });
  });
  afterEach(() => {
    cleanup();
    server.restore();
    jest.restoreAllMocks();
  });

  it("load a page's chunk on touch, hover or focus, before the click", async () => {
    const loads = { stats: jest.spyOn(PAGE_CHUNKS[SUB_PAGES.dashboard.stats]!, 'load'), calendar: jest.spyOn(PAGE_CHUNKS[SUB_PAGES.dashboard.calendar]!, 'load') };
    renderApp('/dashboard', createMockSession({ account: mockAccount() }));
    await flush();
    const pages = screen.getByRole('navigation', { name: 'Dashboard pages' });
    expect(loads.stats).not.toHaveBeenCalled();
    expect(loads.calendar).not.toHaveBeenCalled();

    fireEvent.touchStart(within(pages).getByRole('link', { name: 'Stats' }));
    expect(loads.stats).toHaveBeenCalledTimes(1);
    fireEvent.pointerEnter(within(pages).getByRole('link', { name: 'Calendar' }));
    expect(loads.calendar).toHaveBeenCalledTimes(1);
    fireEvent.focus(within(pages).getByRole('link', { name: 'Stats' }));
    expect(loads.stats).toHaveBeenCalledTimes(2);
    fireEvent.pointerEnter(within(pages).getByRole('link', { name: 'Dashboard' }));
    expect(loads.stats).toHaveBeenCalledTimes(2);
    expect(loads.calendar).toHaveBeenCalledTimes(1);
    await flush();
  });
});
