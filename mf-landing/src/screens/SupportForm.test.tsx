import { createMockSession, mockAccount, mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

const signedIn = (overrides = {}) => createMockSession({ account: mockAccount(overrides) });

describe('Support form (/askAQuestion signed out, /help signed in)', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi();
  });
  afterEach(() => server.restore());

  const name = () => screen.getByRole('textbox', { name: 'Full name' });
  const email = () => screen.getByRole('textbox', { name: 'E-mail address' });
  const phone = () => screen.getByRole('textbox', { name: 'Phone number' });
  const question = () => screen.getByRole('textbox', { name: 'Your question' });
  const send = () => userEvent.click(screen.getByRole('button', { name: 'Send message' }));

  it('for a visitor: every field is open, and the message goes to POST /help/sendQuestion', async () => {
    server.on('POST /help/sendQuestion', { data: null });
    renderApp('/askAQuestion');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    for (const field of [name(), email(), phone(), question()]) expect(field).not.toHaveAttribute('readonly');
    await userEvent.type(name(), 'Sam Visitor');
    await userEvent.type(email(), 'sam@example.com');
    await userEvent.type(phone(), '+447700900123');
    await userEvent.type(question(), 'Does it work in Leeds?');
    await send();
    await screen.findByText('Message sent');
    expect(server.callsTo('POST /help/sendQuestion')[0]?.body).toEqual({
      fullName: 'Sam Visitor',
      emailAddress: 'sam@example.com',
      phoneNumber: '+447700900123',
      question: 'Does it work in Leeds?',
    });
  });

  it('clears the question box on success and keeps the rest', async () => {
    server.on('POST /help/sendQuestion', { data: null });
    renderApp('/askAQuestion');
    await userEvent.type(name(), 'Sam Visitor');
    await userEvent.type(email(), 'sam@example.com');
    await userEvent.type(question(), 'Hello?');
    await send();
    await waitFor(() => expect(question()).toHaveValue(''));
    expect(name()).toHaveValue('Sam Visitor');
    expect(email()).toHaveValue('sam@example.com');
  });

  it("keeps the question when sending fails, and shows each field's error under it", async () => {
    server.on('POST /help/sendQuestion', {
      status: 400,
      body: {
        errors: {
          fullName: 'Tell us your name',
          emailAddress: 'Enter a valid e-mail address',
          phoneNumber: 'Enter a valid phone number',
          question: 'Write your question',
        },
      },
    });
    renderApp('/askAQuestion');
    await userEvent.type(question(), 'x');
    await send();
    await waitFor(() => expect(name()).toHaveAccessibleDescription('Tell us your name'));
    expect(email()).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(phone()).toHaveAccessibleDescription('Enter a valid phone number');
    expect(question()).toHaveAccessibleDescription('Write your question');
    expect(question()).toHaveValue('x');
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });

  it('for a signed-in driver: e-mail and phone come from the account and are locked', async () => {
    server.on('POST /help/sendQuestion', { data: null });
    renderApp('/help', signedIn({ emailAddress: 'dana@example.com', phoneNumber: '+15555550100', display_name: 'Dana Driver' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Send us a message' })).toBeInTheDocument();
    expect(email()).toHaveValue('dana@example.com');
    expect(email()).toHaveAttribute('readonly');
    expect(phone()).toHaveValue('+15555550100');
    expect(phone()).toHaveAttribute('readonly');
    expect(email()).toHaveAccessibleDescription('From your account');
    await userEvent.type(email(), 'other@example.com');
    expect(email()).toHaveValue('dana@example.com');
    expect(name()).toHaveValue('Dana Driver');
    expect(name()).not.toHaveAttribute('readonly');

    await userEvent.type(question(), 'How do I forfeit?');
    await send();
    await waitFor(() => expect(question()).toHaveValue(''));
    expect(server.callsTo('POST /help/sendQuestion')[0]?.body).toMatchObject({ emailAddress: 'dana@example.com', phoneNumber: '+15555550100' });
  });

  it('locks only what the account has: no phone on the account, the phone stays open', () => {
    renderApp('/help', signedIn({ phoneNumber: '' }));
    expect(email()).toHaveAttribute('readonly');
    expect(phone()).not.toHaveAttribute('readonly');
    expect(phone()).toHaveValue('');
  });

  it('links a signed-in driver to the knowledge base', () => {
    renderApp('/help', signedIn());
    expect(screen.getByRole('link', { name: 'knowledge base' })).toHaveAttribute('href', '/knowledgeBase');
  });
});
