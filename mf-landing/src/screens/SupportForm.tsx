import { api, useForm, useSession } from '@blockpilot/shared';
import { Form, FormFeedback, Notice, Page, Paper, SubmitButton, TextArea, TextField } from '@blockpilot/shared/ui';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

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

  const fromAccount = 'From your account';
  return (
    <Page title={title} intro="Ask anything about BlockPilot: filters, credit, your account. We reply by e-mail." route={route} remote="mf_landing">
      <Paper>
        {form.succeeded && (
          <Sent tone="success" title="Message sent">
            Thank you. We will reply to {form.values.emailAddress} as soon as we can.
          </Sent>
        )}
        <Form onSubmit={form.handleSubmit} aria-label={title}>
          <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
          <TextField
            label="E-mail address"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            locked={Boolean(known.emailAddress)}
            helperText={known.emailAddress ? fromAccount : undefined}
            {...form.field('emailAddress')}
          />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            locked={Boolean(known.phoneNumber)}
            helperText={known.phoneNumber ? fromAccount : undefined}
            {...form.field('phoneNumber')}
          />
          <TextArea label="Your question" rows={6} {...form.field('question')} />
          <FormFeedback form={form} />
          <SubmitButton pending={form.pending} pendingLabel="Sending…" $block>
            Send message
          </SubmitButton>
        </Form>
      </Paper>
      {accessToken && (
        <Hint>
          Quick answers are in the <Link to="/knowledgeBase">knowledge base</Link>.
        </Hint>
      )}
    </Page>
  );
}
