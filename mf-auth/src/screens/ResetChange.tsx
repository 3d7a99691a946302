import { api, ApiError, notify, PAGES, routeLabel, SUB_PAGES, useForm } from '@blockpilot/shared';
import { ButtonLink, Form, FormFeedback, Notice, PasswordField, SubmitButton } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useStartSession } from '../startSession';
import { useT } from '../i18n';
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
  const t = useT();
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
        if (!error.envelope.alert) notify(t('resetChange.expired'), 'error');
        navigate(PAGES.landing.path, { replace: true });
      }
    },
  });

  if (!accessToken) return <Navigate to={PAGES.resetPassword.path} replace />;
  if (usable === false) {
    return (
      <AuthLayout title={t('resetChange.unusable.title')} route={routeLabel(SUB_PAGES.resetPassword.change)}>
        <Notice tone="warning" title={t('resetChange.unusable.notice')}>
          {t('resetChange.unusable.text')}
        </Notice>
        <ButtonLink to={PAGES.resetPassword.path} $block>
          {t('resetChange.unusable.newLink')}
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t('resetChange.title')}
      intro={t('resetChange.intro')}
      route={routeLabel(SUB_PAGES.resetPassword.change)}
      links={<Link to={PAGES.resetPassword.path}>{t('resetChange.newLink')}</Link>}
    >
      <Form onSubmit={form.handleSubmit} aria-label={t('resetChange.title')}>
        <PasswordField label={t('resetChange.password')} autoComplete="new-password" {...form.field('password')} />
        <PasswordField label={t('resetChange.confirmPassword')} autoComplete="new-password" {...form.field('confirmPassword')} />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel={t('resetChange.pending')} $block>
          {t('resetChange.submit')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
