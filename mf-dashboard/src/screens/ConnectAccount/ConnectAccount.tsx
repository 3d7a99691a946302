/**
 * /connectAccount (docs/PRODUCT.md sections 2 and 4): the driver signs in on the platform's own page,
 * which ends on a "Looking for something?" page whose URL carries the sign-in code. Pasting that
 * URL here, with the code verifier of the challenge this page opened, connects the account.
 */
import { api, PAGES, useForm, useSession } from '@blockpilot/shared';
import { Button, Form, FormFeedback, Page, Paper, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { LoadFailed } from '../../components/LoadFailed';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useT, type MessageKey } from './i18n';
import { TutorialVideo } from './TutorialVideo';
import { useChallengeSession } from './useChallengeSession';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.5em;
  li + li {
    margin-top: 8px;
  }
`;

const SectionTitle = styled.h2`
  margin: 0 0 12px;
  font-size: 1.125rem;
  font-weight: 600;
`;

const AmazonButtonRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 16px;
`;

/** Keeps its line while the challenge loads and after, so the button does not move. */
const ButtonHint = styled.p`
  margin: 0;
  min-height: 1.4em;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

const HelpLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  font-weight: 500;
`;

/** The written steps, in order. */
const STEPS: readonly MessageKey[] = ['connect.steps.1', 'connect.steps.2', 'connect.steps.3', 'connect.steps.4', 'connect.steps.5', 'connect.steps.6', 'connect.steps.7'];

export function ConnectAccount() {
  const t = useT();
  const challenge = useChallengeSession();

  const openSignIn = () => {
    if (challenge.state === 'ready') window.open(challenge.challenge.challenge_url, '_blank', 'noopener');
  };

  return (
    <Page title={t('connect.title')} intro={t('connect.intro')} route={PAGES.connectAccount.path} remote="mf_dashboard">
      <Sections>
        <Paper aria-labelledby="connect-steps-title">
          <SectionTitle id="connect-steps-title">{t('connect.steps.title')}</SectionTitle>
          <Steps>
            {STEPS.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </Steps>
          <AmazonButtonRow>
            <Button type="button" $block onClick={openSignIn} disabled={challenge.state !== 'ready'}>
              {t('connect.amazon')}
            </Button>
            <ButtonHint role="status">{challenge.state === 'loading' ? t('connect.preparing') : ''}</ButtonHint>
          </AmazonButtonRow>
          {challenge.state === 'failed' && <LoadFailed title={t('connect.failed')} onRetry={challenge.retry} />}
        </Paper>

        <Paper aria-labelledby="connect-video-title">
          <SectionTitle id="connect-video-title">{t('connect.video.title')}</SectionTitle>
          <TutorialVideo />
        </Paper>

        <PasteUrl codeVerifier={challenge.state === 'ready' ? challenge.challenge.code_verifier : null} />
      </Sections>
    </Page>
  );
}

/**
 * The pasted URL and Done, sent with the challenge's code verifier (null until it is loaded: Done
 * waits). Its own component, so typing re-renders only the form, not the steps and the video.
 */
function PasteUrl({ codeVerifier }: { codeVerifier: string | null }) {
  const t = useT();
  const { refresh } = useSession();
  const navigate = useNavigate();

  const form = useForm({
    initialValues: { challenge_response: '' },
    onSubmit: async ({ challenge_response }) => {
      await api.user.connectAccount({ challenge_response: challenge_response.trim(), code_verifier: codeVerifier ?? '' });
      await refresh();
      navigate(PAGES.dashboard.path);
      // The form sits below the steps and the video: the dashboard opens at its top, Start in
      // view, not at the scroll position this page had (docs/FRONTEND.md "Phone dashboard").
      window.scrollTo({ top: 0 });
    },
  });

  return (
    <Paper aria-labelledby="connect-paste-title">
      <SectionTitle id="connect-paste-title">{t('connect.paste.title')}</SectionTitle>
      <Form onSubmit={form.handleSubmit} aria-labelledby="connect-paste-title">
        <TextField
          label={t('connect.paste.url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://…"
          {...form.field('challenge_response')}
        />
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel={t('connect.paste.connecting')} disabled={codeVerifier === null} $block>
          {t('connect.paste.done')}
        </SubmitButton>
      </Form>
      <HelpLink to={PAGES.help.path}>{t('connect.help')}</HelpLink>
    </Paper>
  );
}

export default ConnectAccount;
