import { api, PAGES, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, Notice, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';
import { AuthLayout } from './AuthLayout';

const Sent = styled(Notice)`
  margin-bottom: 16px;
`;

/**
 * /resetPassword: ask for a reset link. The server answers the same whether or not the address
 * has an account (so nobody can probe for accounts), and so does this screen.
 */
export function ResetRequest() {
  const t = useT();
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
      title={t('resetRequest.title')}
      intro={t('resetRequest.intro')}
      route={PAGES.resetPassword.path}
      links={<Link to={PAGES.login.path}>{t('resetRequest.login')}</Link>}
    >
      {sentTo && form.succeeded && (
        <Sent tone="success" title={t('resetRequest.sent.title')}>
          {t('resetRequest.sent.text', { email: sentTo })}
        </Sent>
      )}
      <Form onSubmit={form.handleSubmit} aria-label={t('resetRequest.title')}>
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel={t('resetRequest.pending')} $block>
          {t(sentTo ? 'resetRequest.again' : 'resetRequest.submit')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
