import { api, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, Notice, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AuthLayout } from './AuthLayout';

const Sent = styled(Notice)`
  margin-bottom: 16px;
`;

/**
 * /resetPassword: ask for a reset link. The server answers the same whether or not the address
 * has an account (so nobody can probe for accounts), and so does this screen.
 */
export function ResetRequest() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { emailAddress: '' },
    onSubmit: async (values) => {
      await api.auth.requestResetPasswordLink(values);
      setSentTo(values.emailAddress);
    },
  });

  return (
    <AuthLayout
      title="Reset your password"
      intro="Enter the e-mail address you signed up with and we will send you a link to choose a new password."
      route="/resetPassword"
      links={<Link to="/login">Back to sign in</Link>}
    >
      {sentTo && form.succeeded && (
        <Sent tone="success" title="Check your inbox">
          If an account uses {sentTo}, a reset link is on its way. It can take a few minutes; look in your spam folder too.
        </Sent>
      )}
      <Form onSubmit={form.handleSubmit} aria-label="Reset your password">
        <TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel="Sending…" $block>
          {sentTo ? 'Send the link again' : 'Send reset link'}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
