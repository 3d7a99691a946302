import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/endpoints';
import { mockApi, MockProviders, type MockApi } from '../mock';
import { FieldErrors, Form, PasswordField, SubmitButton, TextField } from '../ui';
import { NETWORK_ERROR_TEXT, UNEXPECTED_ERROR_TEXT, useForm } from '.';

/** A login-like form built only from the kit, as a screen would build it. */
function LoginForm({ onDone, validate }: { onDone?: () => void; validate?: (v: { emailAddress: string }) => Partial<Record<string, string>> }) {
  const form = useForm({
    initialValues: { emailAddress: '', password: '', remember: false },
    validate,
    onSubmit: async (values) => {
      await api.auth.login({ emailAddress: values.emailAddress, password: values.password });
      onDone?.();
    },
  });
  return (
    <Form onSubmit={form.handleSubmit}>
      <TextField label="E-mail address" {...form.field('emailAddress')} />
      <PasswordField label="Password" {...form.field('password')} />
      <label>
        <input type="checkbox" {...form.checkbox('remember')} /> Remember
      </label>
      <FieldErrors errors={form.otherErrors} />
      {form.formError && <p role="alert">{form.formError}</p>}
      {form.succeeded && <p role="status">Signed in</p>}
      <SubmitButton pending={form.pending}>Sign in</SubmitButton>
    </Form>
  );
}

describe('useForm', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi();
  });
  afterEach(() => server.restore());

  const email = () => screen.getByRole('textbox', { name: 'E-mail address' });
  const password = () => screen.getByLabelText('Password', { selector: 'input' });

  it('holds the values typed and sends them on submit', async () => {
    server.on('POST /auth/login', { data: { accessToken: 't' } });
    const done = jest.fn();
    render(
      <MockProviders>
        <LoginForm onDone={done} />
      </MockProviders>,
    );
    await userEvent.type(email(), 'dana@example.com');
    await userEvent.type(password(), 'hunter22');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember' }));
    expect(screen.getByRole('checkbox', { name: 'Remember' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('status');
    expect(server.callsTo('POST /auth/login')[0]?.body).toEqual({ emailAddress: 'dana@example.com', password: 'hunter22' });
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('is pending while the request is on its way and ignores a second submit', async () => {
    let answer!: () => void;
    server.on('POST /auth/login', () => new Promise((resolve) => (answer = () => resolve({ data: { accessToken: 't' } }))));
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: 'Just a moment' });
    expect(button).toBeDisabled();
    // A disabled button blocks clicks; the form's own submit event (e.g. from script) is guarded too.
    fireEvent.submit(button.closest('form')!);
    expect(server.callsTo('POST /auth/login')).toHaveLength(1);
    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('puts each server field error under its field and focuses the first one', async () => {
    server.on('POST /auth/login', {
      status: 400,
      body: { errors: { emailAddress: 'No account uses this address', password: 'Wrong password' } },
    });
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription('No account uses this address'));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Wrong password');
    expect(email()).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("clears a field's error when that field changes, and only that one", async () => {
    server.on('POST /auth/login', { status: 400, body: { errors: { emailAddress: 'Bad address', password: 'Wrong password' } } });
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Bad address');
    await userEvent.type(email(), 'x');
    expect(screen.queryByText('Bad address')).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Wrong password')).toBeInTheDocument();
  });

  it('lists errors for names that are not fields of the form', async () => {
    server.on('POST /auth/login', { status: 400, body: { errors: { challenge_response: 'Paste the whole URL' } } });
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste the whole URL');
  });

  it('runs client rules first and sends nothing while they fail', async () => {
    render(
      <MockProviders>
        <LoginForm validate={(v) => (v.emailAddress ? {} : { emailAddress: 'Enter your e-mail address' })} />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email()).toHaveAccessibleDescription('Enter your e-mail address');
    expect(server.calls).toHaveLength(0);
  });

  it('says the server could not be reached on a network failure', async () => {
    server.on('POST /auth/login', () => {
      throw new Error('offline');
    });
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_TEXT);
  });

  it('adds no text of its own when the server sent an alert (that is already a toast)', async () => {
    server.on('POST /auth/login', { status: 429, body: { alert: 'Too many attempts' } });
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains an unexpected failure without an alert', async () => {
    server.on('POST /auth/login', { status: 500, body: {} });
    render(
      <MockProviders>
        <LoginForm />
      </MockProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR_TEXT);
  });
});

describe('useForm controls given to the submit handler', () => {
  it('can clear one field after success and keep the others', async () => {
    function Support() {
      const form = useForm({
        initialValues: { fullName: 'Dana', question: '' },
        onSubmit: async (_values, controls) => controls.setValue('question', ''),
      });
      return (
        <Form onSubmit={form.handleSubmit}>
          <TextField label="Full name" {...form.field('fullName')} />
          <TextField label="Question" {...form.field('question')} />
          <SubmitButton pending={form.pending}>Send</SubmitButton>
        </Form>
      );
    }
    render(
      <MockProviders>
        <Support />
      </MockProviders>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Dana');
  });
});
