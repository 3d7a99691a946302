import { api, REMOTES, useForm, type DeployToken, type MintedDeployToken, type RemoteName } from '@blockpilot/shared';
import { Actions, Button, Chip, Dialog, Form, FormFeedback, Page, Paper, Select, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { CardHeading, CardList } from '../components/Cards';
import { Loaded } from '../components/Loaded';
import { ReasonAction } from '../components/ReasonAction';
import { formatTime } from '../format';
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
      <h2 id="minted-token-title">New token for {minted.remote}</h2>
      <p>Copy it now: it is not shown again. CI uses it as RELEASE_DEPLOY_TOKEN, and it publishes and moves {minted.remote} only.</p>
      <TextField label={`Deploy token “${minted.label}”`} value={minted.token} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Actions>
        <Button type="button" onClick={() => void copyToken()}>
          Copy token
        </Button>
        <Button type="button" $variant="outlined" onClick={onDone}>
          Done
        </Button>
        <span role="status">{copy === 'copied' ? 'Copied.' : copy === 'refused' ? 'The browser did not allow copying: select the token and copy it.' : ''}</span>
      </Actions>
    </Secret>
  );
}

/** Label and remote of a new token. */
function Mint({ onMinted }: { onMinted: (minted: MintedDeployToken) => unknown }) {
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
    <Form onSubmit={form.handleSubmit} aria-label="Mint a deploy token">
      <TextField label="Label" helperText="Which team or CI uses it, e.g. “Dashboard team CI”." {...form.field('label')} />
      <Select label="Remote" placeholder="Choose a remote" options={REMOTE_OPTIONS} {...form.field('remote')} />
      <FormFeedback form={form} />
      <SubmitButton pending={form.pending} pendingLabel="Minting…">
        Mint token
      </SubmitButton>
    </Form>
  );
}

/**
 * /admin/deployTokens (admins): the release registry's per-remote deploy tokens (docs/RELEASES.md
 * "Tokens"): list them, mint one (shown once, with a copy button) and revoke one with a reason.
 */
export function DeployTokensScreen() {
  const { load, reload } = useLoad(() => api.admin.deployTokens.list(), 'deployTokens');
  const [minted, setMinted] = useState<MintedDeployToken | null>(null);
  const [revoking, setRevoking] = useState<DeployToken | null>(null);

  return (
    <Page
      title="Deploy tokens"
      intro="Each token publishes and moves the releases of one remote only, so a team's CI ships its own screens and nothing else."
      width="regular"
      route="/admin/deployTokens"
      remote="mf_admin"
    >
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
        loadingLabel="Loading deploy tokens…"
        failure="The deploy tokens could not be loaded."
        retry={() => void reload()}
        empty={(tokens) => (tokens.length === 0 ? 'No deploy tokens yet.' : null)}
      >
        {(tokens) => (
          <CardList aria-label="Deploy tokens">
            {tokens.map((token) => (
              <li key={token.id}>
                <Paper>
                  <CardHeading>
                    <h2>{token.label}</h2>
                    <Chip dot={token.revokedAt === null ? 'success' : 'neutral'}>{token.revokedAt === null ? 'Active' : 'Revoked'}</Chip>
                  </CardHeading>
                  <Meta>
                    {token.remote} · minted by {token.createdBy}, {formatTime(token.createdAt)}
                    {token.revokedAt !== null && ` · revoked ${formatTime(token.revokedAt)}`}
                  </Meta>
                  {token.revokedAt === null && (
                    <Actions>
                      <Button type="button" $variant="outlined" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.label}`}>
                        Revoke
                      </Button>
                    </Actions>
                  )}
                </Paper>
              </li>
            ))}
          </CardList>
        )}
      </Loaded>
      <Dialog open={revoking !== null} title="Revoke this token?" onClose={() => setRevoking(null)}>
        {revoking && (
          <>
            <p>
              “{revoking.label}” stops working at once: {revoking.remote}&apos;s CI can no longer publish or move releases with it.
            </p>
            <ReasonAction
              label="Revoke token"
              pendingLabel="Revoking…"
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
