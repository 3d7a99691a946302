import { api, ApiError, notify, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, PasswordField, SubmitButton } from '@blockpilot/shared/ui';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useStartSession } from '../startSession';
import { AuthLayout } from './AuthLayout';

/**
 * /resetPassword/{accessToken}: choose a new password with the token from the e-mailed link.
 * Success signs in with the session the server returns; a 401 (link expired or used) goes to '/'.
 */
export function ResetChange() {
  const { accessToken = '' } = useParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: async (values) => {
      try {
        startSession(await api.auth.changePassword(accessToken, values));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        if (!error.envelope.alert) notify('This reset link has expired or was already used. Ask for a new one.', 'error');
        navigate('/', { replace: true });
      }
    },
  });

  if (!accessToken) return <Navigate to="/resetPassword" replace />;
  return (
    <AuthLayout
      title="Choose a new password"
      intro="Pick a password you do not use anywhere else. You will be signed in right after."
      route="/resetPassword/{accessToken}"
      links={<Link to="/resetPassword">Need a new link?</Link>}
    >
      <Form onSubmit={form.handleSubmit} aria-label="Choose a new password">
        <PasswordField label="New password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel="Saving…" $block>
          Save password
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
