import { BOOT_PENDING_CLICK, BOOT_PENDING_HREF, BOOT_STATE } from '@blockpilot/shared';
import { MockProviders } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { BootHandOff } from './BootHandOff';

const data = document.documentElement.dataset;

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function boot(extra: React.ReactNode = null) {
  render(
    <MockProviders>
      {extra}
      <Where />
      <BootHandOff />
    </MockProviders>,
  );
}

describe('the hand-off from the page script to the shell', () => {
  afterEach(() => {
    for (const key of [BOOT_STATE, BOOT_PENDING_HREF, BOOT_PENDING_CLICK]) delete data[key];
  });

  it('tells the page script the shell has booted, and changes nothing else when nothing was clicked', () => {
    data[BOOT_STATE] = 'loading';
    boot();
    expect(data[BOOT_STATE]).toBe('done');
    expect(screen.getByRole('status')).toHaveTextContent(/^\/$/);
  });

  it('follows the link the visitor clicked while the app was loading, once', () => {
    data[BOOT_PENDING_HREF] = '/register?plan=2';
    boot();
    expect(screen.getByRole('status')).toHaveTextContent('/register');
    expect(data[BOOT_PENDING_HREF]).toBeUndefined();
  });

  it('clicks the button the visitor clicked while the app was loading (the menu)', () => {
    const onClick = jest.fn();
    data[BOOT_PENDING_CLICK] = 'nav-menu-button';
    boot(
      <button type="button" id="nav-menu-button" onClick={onClick}>
        Menu
      </button>,
    );
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(data[BOOT_PENDING_CLICK]).toBeUndefined();
  });
});
