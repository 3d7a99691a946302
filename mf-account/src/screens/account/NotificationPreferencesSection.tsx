import { api, useForm, useSession, type NotificationPreferences } from '@blockpilot/shared';
import { Actions, Button, Chip, FormFeedback, Notice, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { SectionForm, SectionText } from '../../components/sectionLayout';
import { TelegramHelpDialog } from './TelegramHelpDialog';

/** Telegram's state and the way to its help, just above its code box. */
const TelegramRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin-bottom: 8px;
`;

const HelpButton = styled(Button)`
  padding: 0 8px;
`;

/**
 * Where notifications go: an e-mail address, a WhatsApp number and a Telegram auth code (docs/PRODUCT.md
 * section 3). The server validates; its message for each field shows under that field,
 * telegramAuthCode included (section 5). After saving, the account is reloaded so "Telegram
 * connected" follows the server.
 */
export function NotificationPreferencesSection({ preferences }: { preferences: NotificationPreferences }) {
  const { refresh } = useSession();
  const [helpOpen, setHelpOpen] = useState(false);
  const form = useForm({
    initialValues: {
      emailAddress: preferences.emailAddress ?? '',
      whatsAppNumber: preferences.whatsAppNumber ?? '',
      telegramAuthCode: preferences.telegramAuthCode ?? '',
    },
    onSubmit: async (values) => {
      await api.user.saveNotificationPreferences(values);
      await refresh();
    },
  });

  return (
    <>
      <SectionText>Choose where we tell you about accepted blocks and anything that needs you. Leave a box empty to get nothing there.</SectionText>
      <SectionForm onSubmit={form.handleSubmit} aria-label="Notification preferences">
        <TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <TextField
          label="WhatsApp number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          helperText="With the country code, e.g. +1 555 555 0100"
          {...form.field('whatsAppNumber')}
        />
        <TelegramRow>
          {preferences.telegramConnected ? <Chip dot="success">Telegram connected</Chip> : <Chip dot="neutral">Telegram not connected</Chip>}
          <HelpButton type="button" $variant="text" aria-haspopup="dialog" onClick={() => setHelpOpen(true)}>
            How do I connect Telegram?
          </HelpButton>
        </TelegramRow>
        <TextField
          label="Telegram auth code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          helperText="The code our Telegram bot sends you. Empty it to disconnect Telegram."
          {...form.field('telegramAuthCode')}
        />
        <FormFeedback form={form} />
        {form.succeeded && <Notice tone="success">Notification preferences saved.</Notice>}
        <Actions>
          <SubmitButton pending={form.pending} pendingLabel="Saving…">
            Save
          </SubmitButton>
        </Actions>
      </SectionForm>
      <TelegramHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
