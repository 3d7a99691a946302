import { api, type DeployToken, formatLocalDateTime, type MintedDeployToken, type RemoteName, REMOTES, SUB_PAGES, useForm } from '@blockpilot/shared';
import { Actions, Button, Chip, Dialog, Form, FormFeedback, Page, Paper, Select, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { CardHeading, CardList } from '../components/Cards';
import { Loaded } from '../components/Loaded';
import { ReasonAction } from '../components/ReasonAction';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';

const Meta = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.palette.textMuted};
  overflow-wrap: anywhere;
`;

const Secret = styled.div`
  margin-top: 16px;
  padding: 16px;
  border: 2px solid ${({ theme }) => theme.palette.success};
  border-radius: ${({ theme }) => theme.radius}px;
  h2 {
    margin: 0 0 8px;
    font-size: 1.125rem;
  }
  p {
    margin: 0 0 8px;
  }
  input {
    font-family: monospace;
  }
`;

const REMOTE_OPTIONS = REMOTES.map((remote) => ({ value: remote.name, label: `${remote.name} (${remote.folder})` }));

/** The token just minted, shown this once, with a copy button (and the text to select when copying is refused). */
function MintedToken({ minted, onDone }: { minted: MintedDeployToken; onDone: () => void }) {
  const t = useT();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'refused'>('idle');
  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(minted.token);
      setCopy('copied');
    } catch {
      setCopy('refused');
    }
  };
  return (
    <Secret aria-labelledby="minted-token-title" role="region">
      <h2 id="minted-token-title">{t('deployTokens.minted.title', { remote: minted.remote })}</h2>
      <p>{t('deployTokens.minted.text', { remote: minted.remote })}</p>
      <TextField label={t('deployTokens.minted.field', { label: minted.label })} value={minted.token} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Actions>
        <Button type="button" onClick={() => void copyToken()}>
          {t('deployTokens.minted.copy')}
        </Button>
        <Button type="button" $variant="outlined" onClick={onDone}>
          {t('deployTokens.minted.done')}
        </Button>
        <span role="status">{copy === 'copied' ? t('deployTokens.minted.copied') : copy === 'refused' ? t('deployTokens.minted.copyRefused') : ''}</span>
      </Actions>
    </Secret>
  );
}

/** Label and remote of a new token. */
function Mint({ onMinted }: { onMinted: (minted: MintedDeployToken) => unknown }) {
  const t = useT();
  const form = useForm({
    initialValues: { label: '', remote: '' },
    onSubmit: async (values, controls) => {
      // A remote not chosen yet ('') is sent as it is: the server answers with the field's message.
      const minted = await api.admin.deployTokens.mint({ ...values, remote: values.remote as RemoteName });
      controls.reset();
      await onMinted(minted);
    },
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t('deployTokens.mint.form')}>
      <TextField label={t('deployTokens.mint.label')} helperText={t('deployTokens.mint.labelHelp')} {...form.field('label')} />
      <Select label={t('deployTokens.mint.remote')} placeholder={t('deployTokens.mint.chooseRemote')} options={REMOTE_OPTIONS} {...form.field('remote')} />
      <FormFeedback form={form} />
      <SubmitButton pending={form.pending} pendingLabel={t('deployTokens.mint.minting')}>
        {t('deployTokens.mint.submit')}
      </SubmitButton>
    </Form>
  );
}

/**
 * /admin/deployTokens (admins): the release registry's per-remote deploy tokens (docs/RELEASES.md
 * "Tokens"): list them, mint one (shown once, with a copy button) and revoke one with a reason.
 */
export function DeployTokensScreen() {
  const t = useT();
  const { load, reload } = useLoad(() => api.admin.deployTokens.list(), 'deployTokens');
  const [minted, setMinted] = useState<MintedDeployToken | null>(null);
  const [revoking, setRevoking] = useState<DeployToken | null>(null);

  return (
    <Page title={t('deployTokens.title')} intro={t('deployTokens.intro')} width="regular" route={SUB_PAGES.admin.deployTokens} remote="mf_admin">
      <Paper>
        <Mint
          onMinted={async (token) => {
            setMinted(token);
            await reload();
          }}
        />
        {minted && <MintedToken minted={minted} onDone={() => setMinted(null)} />}
      </Paper>
      <Loaded
        load={load}
        loadingLabel={t('deployTokens.loading')}
        failure={t('deployTokens.failed')}
        retry={() => void reload()}
        empty={(tokens) => (tokens.length === 0 ? t('deployTokens.none') : null)}
      >
        {(tokens) => (
          <CardList aria-label={t('deployTokens.list')}>
            {tokens.map((token) => (
              <li key={token.id}>
                <Paper>
                  <CardHeading>
                    <h2>{token.label}</h2>
                    <Chip dot={token.revokedAt === null ? 'success' : 'neutral'}>{t(token.revokedAt === null ? 'deployTokens.active' : 'deployTokens.revoked')}</Chip>
                  </CardHeading>
                  <Meta>
                    {t('deployTokens.mintedBy', { remote: token.remote, by: token.createdBy, date: formatLocalDateTime(token.createdAt) })}
                    {token.revokedAt !== null && ` · ${t('deployTokens.revokedAt', { date: formatLocalDateTime(token.revokedAt) })}`}
                  </Meta>
                  {token.revokedAt === null && (
                    <Actions>
                      <Button type="button" $variant="outlined" onClick={() => setRevoking(token)} aria-label={t('deployTokens.revokeNamed', { label: token.label })}>
                        {t('deployTokens.revoke')}
                      </Button>
                    </Actions>
                  )}
                </Paper>
              </li>
            ))}
          </CardList>
        )}
      </Loaded>
      <Dialog open={revoking !== null} title={t('deployTokens.revokeDialog.title')} onClose={() => setRevoking(null)}>
        {revoking && (
          <>
            <p>{t('deployTokens.revokeDialog.body', { label: revoking.label, remote: revoking.remote })}</p>
            <ReasonAction
              label={t('deployTokens.revokeDialog.revoke')}
              pendingLabel={t('deployTokens.revokeDialog.revoking')}
              act={(reason) => api.admin.deployTokens.revoke(revoking.id, reason)}
              onDone={async () => {
                setRevoking(null);
                await reload();
              }}
            />
          </>
        )}
      </Dialog>
    </Page>
  );
}
