import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MockProviders } from '../mock';
import { Button, Dialog } from '.';
import { MAIN_CONTENT_ID } from '../constants';

function Harness({ blocking = false }: { blocking?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <MockProviders>
      <Button onClick={() => setOpen(true)}>Forfeit</Button>
      <Dialog
        open={open}
        title="Forfeit this block?"
        blocking={blocking}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button $variant="outlined" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button>Confirm</Button>
          </>
        }
      >
        <p>The fee is refunded.</p>
      </Dialog>
    </MockProviders>
  );
}

describe('Dialog', () => {
  it('is a titled modal dialog that takes focus when it opens', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    const dialog = screen.getByRole('dialog', { name: 'Forfeit this block?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Forfeit' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its close button and from a tap on the backdrop, not from a tap inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    await userEvent.click(screen.getByText('The fee is refunded.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    await userEvent.click(document.querySelector('[data-dialog-backdrop]')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the blocking variant has no close button and ignores Escape and the backdrop', async () => {
    render(<Harness blocking />);
    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.querySelector('[data-dialog-backdrop]')!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops the page behind from scrolling while open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it("hands the focus to the page's main content, never to <body>, when the control that opened it is gone", async () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      const [opener, setOpener] = useState(true);
      return (
        <MockProviders>
          <main id={MAIN_CONTENT_ID} tabIndex={-1}>
            {opener && <Button onClick={() => setOpen(true)}>Forfeit</Button>}
          </main>
          <Dialog
            open={open}
            title="Forfeit this block?"
            onClose={() => setOpen(false)}
            actions={
              <Button
                onClick={() => {
                  setOpener(false);
                  setOpen(false);
                }}
              >
                Confirm
              </Button>
            }
          />
        </MockProviders>
      );
    }
    render(<Gone />);
    await userEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
