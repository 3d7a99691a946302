import { api, useForm, useSession } from '@blockpilot/shared';
import { Actions, FormFeedback, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { SectionForm } from '../../components/sectionLayout';
import { useT } from '../../i18n';

/**
 * The name the dashboard greets the driver with ("Hi, Sam"), first taken from the e-mail address
 * at sign-up. The server trims and checks it; its message shows under the field. After saving,
 * the account is reloaded so the greeting and this page's heading follow.
 */
export function DisplayNameSection({ displayName }: { displayName: string }) {
  const t = useT();
  const { refresh } = useSession();
  const form = useForm({
    initialValues: { displayName },
    onSubmit: async (values) => {
      await api.user.saveDisplayName(values.displayName);
      await refresh();
    },
  });
  return (
    <SectionForm onSubmit={form.handleSubmit} aria-label={t('sections.displayName')}>
      <TextField label={t('displayName.label')} autoComplete="nickname" helperText={t('displayName.help')} {...form.field('displayName')} />
      <FormFeedback form={form} />
      <Actions>
        <SubmitButton pending={form.pending} pendingLabel={t('common.saving')}>
          {t('displayName.save')}
        </SubmitButton>
      </Actions>
    </SectionForm>
  );
}
