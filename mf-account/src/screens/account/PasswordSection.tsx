import { api, useForm, useSession } from '@blockpilot/shared';
import { Actions, FormFeedback, Notice, PasswordField, SubmitButton } from '@blockpilot/shared/ui';
import { SectionForm, SectionText } from '../../components/sectionLayout';

export const PASSWORD_CHANGED_TEXT = 'Your password has been changed. Other devices have been signed out.';

/**
 * Change password: current, new and confirmation, each with the server's message under it
 * (docs/PRODUCT.md section 5). The server revokes the other sessions and answers with this one's token,
 * which is signed in so this device stays signed in.
 */
export function PasswordSection() {
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
      <SectionText>Changing your password signs you out of BlockPilot on your other devices.</SectionText>
      <SectionForm onSubmit={form.handleSubmit} aria-label="Change password">
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmNewPassword')} />
        <FormFeedback form={form} />
        {form.succeeded && <Notice tone="success">{PASSWORD_CHANGED_TEXT}</Notice>}
        <Actions>
          <SubmitButton pending={form.pending} pendingLabel="Changing…">
            Change password
          </SubmitButton>
        </Actions>
      </SectionForm>
    </>
  );
}
