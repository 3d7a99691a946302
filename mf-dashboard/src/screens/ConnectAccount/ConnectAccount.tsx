/**
 * /connectAccount (docs/PRODUCT.md sections 2 and 4): the driver signs in on the platform's own page,
 * which ends on a "Looking for something?" page whose URL carries the sign-in code. Pasting that
 * URL here, with the code verifier of the challenge this page opened, connects the account.
 */
import { api, useForm, useSession } from '@blockpilot/shared';
import { Button, Form, FormFeedback, Page, Paper, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { LoadFailed } from '../../components/LoadFailed';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
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

export function ConnectAccount() {
  const challenge = useChallengeSession();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const codeVerifier = challenge.state === 'ready' ? challenge.challenge.code_verifier : '';

  const form = useForm({
    initialValues: { challenge_response: '' },
    onSubmit: async ({ challenge_response }) => {
      await api.user.connectAccount({ challenge_response: challenge_response.trim(), code_verifier: codeVerifier });
      await refresh();
      navigate('/dashboard');
    },
  });

  const openSignIn = () => {
    if (challenge.state === 'ready') window.open(challenge.challenge.challenge_url, '_blank', 'noopener');
  };

  return (
    <Page
      title="Connect Account"
      intro="Link your Amazon Flex account so BlockPilot can search for blocks for you. You sign in on Amazon's own page: BlockPilot never sees your password."
      route="/connectAccount"
      remote="mf_dashboard"
    >
      <Sections>
        <Paper aria-labelledby="connect-steps-title">
          <SectionTitle id="connect-steps-title">How to connect</SectionTitle>
          <Steps>
            <li>Press &quot;Take me to Amazon&quot; below. Amazon&apos;s sign-in page opens in a new tab.</li>
            <li>Sign in there with the e-mail address and password of your Amazon Flex account.</li>
            <li>If Amazon asks for a verification code, enter it there as usual.</li>
            <li>You land on a page that says &quot;Looking for something?&quot;. That is expected: it means you are signed in.</li>
            <li>Copy the URL of that page from the address bar (all of it).</li>
            <li>Come back to this tab and paste it in the URL field below.</li>
            <li>Press Done. Your account is connected and your dashboard opens.</li>
          </Steps>
          <AmazonButtonRow>
            <Button type="button" $block onClick={openSignIn} disabled={challenge.state !== 'ready'}>
              Take me to Amazon
            </Button>
            <ButtonHint role="status">{challenge.state === 'loading' ? 'Preparing your sign-in link…' : ''}</ButtonHint>
          </AmazonButtonRow>
          {challenge.state === 'failed' && <LoadFailed title="The sign-in link could not be prepared" onRetry={challenge.retry} />}
        </Paper>

        <Paper aria-labelledby="connect-video-title">
          <SectionTitle id="connect-video-title">Watch how it works</SectionTitle>
          <TutorialVideo />
        </Paper>

        <Paper aria-labelledby="connect-paste-title">
          <SectionTitle id="connect-paste-title">Paste the URL</SectionTitle>
          <Form onSubmit={form.handleSubmit} aria-labelledby="connect-paste-title">
            <TextField
              label="URL of the 'Looking for something?' page"
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://…"
              {...form.field('challenge_response')}
            />
            <FormFeedback form={form} />
            <SubmitButton pending={form.pending} pendingLabel="Connecting…" disabled={challenge.state !== 'ready'} $block>
              Done
            </SubmitButton>
          </Form>
          <HelpLink to="/help">Stuck? Send us a message</HelpLink>
        </Paper>
      </Sections>
    </Page>
  );
}
