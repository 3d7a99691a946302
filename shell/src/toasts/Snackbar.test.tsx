import { notify, TOAST_MS } from '@blockpilot/shared';
import { MockProviders } from '@blockpilot/shared/mock';
import { act, render, screen } from '@testing-library/react';
import { Snackbar } from './Snackbar';

describe('the global alert toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows each message with its severity and hides it after 5 s', () => {
    render(
      <MockProviders>
        <Snackbar />
      </MockProviders>,
    );
    act(() => notify('Saved', 'success'));
    act(() => notify('Could not save', 'error'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');

    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it('does not stack identical toasts: a repeat replaces the one shown and is shown for its own 5 s', () => {
    render(
      <MockProviders>
        <Snackbar />
      </MockProviders>,
    );
    act(() => notify('Could not save', 'error'));
    act(() => jest.advanceTimersByTime(TOAST_MS - 1000));
    act(() => notify('Could not save', 'error'));
    act(() => notify('Could not save', 'error'));
    expect(screen.getAllByText('Could not save')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByText('Could not save')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it("a success of a form takes the place of that form's earlier error; other toasts stay", () => {
    render(
      <MockProviders>
        <Snackbar />
      </MockProviders>,
    );
    act(() => notify('Please correct the highlighted fields.', 'error', 'POST /user/changePassword'));
    act(() => notify('Copied', 'success'));
    act(() => notify('Password changed.', 'success', 'POST /user/changePassword'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Password changed.')).toBeInTheDocument();
    expect(screen.getByText('Copied')).toBeInTheDocument();
  });

  it('stacks in the bottom-right corner, away from the controls on the left that raise them', () => {
    render(
      <MockProviders>
        <Snackbar />
      </MockProviders>,
    );
    act(() => notify('Hello'));
    act(() => notify('Copied'));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    const stack = screen.getByText('Copied').parentElement!;
    const style = getComputedStyle(stack);
    expect(style.position).toBe('fixed');
    expect(style.right).toBe('16px');
    expect(style.bottom).toBe('16px');
    expect(style.left).toBe('auto');
  });

  it('shows one toast at a time on a phone: a new one replaces the one shown', () => {
    const matchMedia = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ matches: query === '(max-width: 599.98px)', media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList);
    try {
      render(
        <MockProviders>
          <Snackbar />
        </MockProviders>,
      );
      act(() => notify('Link copied', 'success'));
      act(() => notify('Could not save', 'error'));
      expect(screen.queryByText('Link copied')).toBeNull();
      expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    } finally {
      matchMedia.mockRestore();
    }
  });
});
