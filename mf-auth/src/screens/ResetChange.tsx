import { api, ApiError, notify, useForm } from '@blockpilot/shared';
import { ButtonLink, Form, FormFeedback, Notice, PasswordField, SubmitButton } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useStartSession } from '../startSession';
import { AuthLayout } from './AuthLayout';

/** Whether the link still works: asked when the page opens; unknown until answered (or when the check failed). */
function useResetLinkUsable(resetToken: string): boolean | null {
  const [usable, setUsable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    if (!resetToken) return;
    api.auth.resetLinkState(resetToken).then(
      (state) => live && setUsable(state.usable),
      // The form stays: its submit gets the definite answer.
      (error: unknown) => console.warn('[resetLinkState] failed:', error instanceof Error ? error.message : error),
    );
    return () => {
      live = false;
    };
  }, [resetToken]);
  return usable;
}

/**
 * /resetPassword/{accessToken}: choose a new password with the token from the e-mailed link.
 * A link already used or expired is recognised when the page opens and leads to a new request,
 * before the driver types a password. Success signs in with the session the server returns; a
 * 401 on submit (the link ran out meanwhile) goes to '/'.
 */
export function ResetChange() {
  const { accessToken = '' } = useParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const usable = useResetLinkUsable(accessToken);
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
  if (usable === false) {
    return (
      <AuthLayout title="This link no longer works" route="/resetPassword/{accessToken}">
        <Notice tone="warning" title="This reset link was already used or has expired">
          Each link works once, and only for a limited time. Ask for a new one: it is e-mailed to you right away.
        </Notice>
        <ButtonLink to="/resetPassword" $block>
          Ask for a new link
        </ButtonLink>
      </AuthLayout>
    );
  }
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
