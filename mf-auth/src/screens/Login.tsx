import { api, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, PasswordField, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import { useStartSession } from '../startSession';
import { AuthLayout } from './AuthLayout';

/** /login: e-mail and password; the server's messages show under each field (docs/PRODUCT.md section 5). */
export function Login() {
  const startSession = useStartSession();
  const form = useForm({
    initialValues: { emailAddress: '', password: '' },
    onSubmit: async (values) => startSession(await api.auth.login(values)),
  });

  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back. Sign in to set your filters and watch your offers."
      route="/login"
      links={
        <>
          <Link to="/resetPassword">Forgot your password?</Link>
          <Link to="/register">New to BlockPilot? Create an account</Link>
        </>
      }
    >
      <Form onSubmit={form.handleSubmit} aria-label="Sign in">
        <TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel="Signing in…" $block>
          Sign in
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
