import { api, PAGES, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, PasswordField, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { useStartSession } from '../startSession';
import { AuthLayout } from './AuthLayout';

/** /login: e-mail and password; the server's messages show under each field (docs/PRODUCT.md section 5). */
export function Login() {
  const t = useT();
  const startSession = useStartSession();
  const form = useForm({
    initialValues: { emailAddress: '', password: '' },
    onSubmit: async (values) => startSession(await api.auth.login(values)),
  });

  return (
    <AuthLayout
      title={t('login.title')}
      intro={t('login.intro')}
      route={PAGES.login.path}
      links={
        <>
          <Link to={PAGES.resetPassword.path}>{t('login.forgot')}</Link>
          <Link to={PAGES.register.path}>{t('login.register')}</Link>
        </>
      }
    >
      <Form onSubmit={form.handleSubmit} aria-label={t('login.title')}>
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <PasswordField label={t('password')} autoComplete="current-password" {...form.field('password')} />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel={t('login.pending')} $block>
          {t('login.submit')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
