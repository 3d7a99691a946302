import { api, useForm, useSession } from '@blockpilot/shared';
import { Actions, FormFeedback, Notice, PasswordField, SubmitButton } from '@blockpilot/shared/ui';
import { SectionForm, SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import en from '../../locales/en.json';

/** The English confirmation, as tests look for it. */
export const PASSWORD_CHANGED_TEXT = en['password.changed'];

/**
 * Change password: current, new and confirmation, each with the server's message under it
 * (docs/PRODUCT.md section 5). The server revokes the other sessions and answers with this one's token,
 * which is signed in so this device stays signed in.
 */
export function PasswordSection() {
  const t = useT();
  const { signIn } = useSession();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    onSubmit: async (values, controls) => {
      const { accessToken } = await api.user.changePassword(values);
      controls.reset();
      signIn(accessToken);
    },
  });

  return (
    <>
      <SectionText>{t('password.intro')}</SectionText>
      <SectionForm onSubmit={form.handleSubmit} aria-label={t('password.form')}>
        <PasswordField label={t('password.current')} autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField label={t('password.new')} autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label={t('password.confirm')} autoComplete="new-password" {...form.field('confirmNewPassword')} />
        <FormFeedback form={form} />
        {form.succeeded && <Notice tone="success">{t('password.changed')}</Notice>}
        <Actions>
          <SubmitButton pending={form.pending} pendingLabel={t('password.changing')}>
            {t('password.submit')}
          </SubmitButton>
        </Actions>
      </SectionForm>
    </>
  );
}
