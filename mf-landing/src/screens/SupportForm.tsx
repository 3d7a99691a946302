import { api, PAGES, useForm, useSession } from '@blockpilot/shared';
import { Form, FormFeedback, Notice, Page, Paper, SubmitButton, TextArea, TextField } from '@blockpilot/shared/ui';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { T, useT } from '../i18n';

const Sent = styled(Notice)`
  margin-bottom: 16px;
`;

const Hint = styled.p`
  margin: 16px 0 0;
  text-align: center;
`;

/**
 * The support form of /askAQuestion (signed out) and /help (signed in). A signed-in driver's
 * e-mail and phone come from the account and are locked (docs/PRODUCT.md section 5), so replies reach the
 * address we know. Success clears only the question (docs/PRODUCT.md section 8).
 */
export function SupportForm({ title, route }: { title: string; route: string }) {
  const t = useT();
  const { account, accessToken } = useSession();
  const known = { emailAddress: account?.emailAddress ?? '', phoneNumber: account?.phoneNumber ?? '' };
  const form = useForm({
    initialValues: { fullName: account?.display_name ?? '', ...known, question: '' },
    onSubmit: async (values, controls) => {
      await api.help.sendQuestion(values);
      controls.setValue('question', '');
    },
  });

  // The account can arrive (or change) after the form is shown: follow it in the locked fields.
  const { setValue } = form;
  useEffect(() => {
    if (known.emailAddress) setValue('emailAddress', known.emailAddress);
    if (known.phoneNumber) setValue('phoneNumber', known.phoneNumber);
  }, [known.emailAddress, known.phoneNumber, setValue]);

  const fromAccount = t('support.fromAccount');
  return (
    <Page title={title} intro={t('support.intro')} route={route} remote="mf_landing">
      <Paper>
        {form.succeeded && (
          <Sent tone="success" title={t('support.sent.title')}>
            {t('support.sent.text', { email: form.values.emailAddress })}
          </Sent>
        )}
        <Form onSubmit={form.handleSubmit} aria-label={title}>
          <TextField label={t('support.fullName')} autoComplete="name" {...form.field('fullName')} />
          <TextField
            label={t('support.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            locked={Boolean(known.emailAddress)}
            helperText={known.emailAddress ? fromAccount : undefined}
            {...form.field('emailAddress')}
          />
          <TextField
            label={t('support.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            locked={Boolean(known.phoneNumber)}
            helperText={known.phoneNumber ? fromAccount : undefined}
            {...form.field('phoneNumber')}
          />
          <TextArea label={t('support.question')} rows={6} {...form.field('question')} />
          <FormFeedback form={form} />
          <SubmitButton pending={form.pending} pendingLabel={t('support.sending')} $block>
            {t('support.send')}
          </SubmitButton>
        </Form>
      </Paper>
      {accessToken && (
        <Hint>
          <T id="support.knowledgeBase" components={{ 0: <Link to={PAGES.knowledgeBase.path} /> }} />
        </Hint>
      )}
    </Page>
  );
}
