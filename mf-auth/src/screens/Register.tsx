import { api, COUNTRIES, readStored, removeStored, SIGN_UP_BONUS_CENTS, useForm, type CountryCode } from '@blockpilot/shared';
import { Chip, Form, FormFeedback, Notice, PasswordField, Select, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useStartSession } from '../startSession';
import { AuthLayout } from './AuthLayout';

const COUNTRY_OPTIONS = COUNTRIES.map(({ code, label }) => ({ value: code, label }));

/** The sign-up bonus as the register page promises it (docs/PRODUCT.md section 1: "$10 free credit"). */
export const BONUS_TEXT = `$${SIGN_UP_BONUS_CENTS / 100} free credit`;

/** The bonus and the invite code, above the form. */
const Perks = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
  margin-bottom: 20px;
`;

const Legal = styled.p`
  margin: 4px 0 12px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

function isCountry(code: string): code is CountryCode {
  return COUNTRIES.some((country) => country.code === code);
}

/**
 * /register: country (required here, the one client rule: US, CA, UK or AU), e-mail, phone and
 * password twice. The invite code stored by /invite/{code} goes along as inviteCode.
 */
export function Register() {
  const startSession = useStartSession();
  const inviteCode = readStored<string | null>('inviteCode', null);
  const form = useForm({
    initialValues: { country_code: '', emailAddress: '', phoneNumber: '', password: '', confirmPassword: '' },
    validate: (values) => (isCountry(values.country_code) ? {} : { country_code: 'Choose your country' }),
    onSubmit: async ({ country_code, ...values }) => {
      const session = await api.auth.register({ ...values, country_code: country_code as CountryCode, inviteCode: inviteCode ?? undefined });
      // The code has done its job; a later sign-up on this device must not reuse it.
      removeStored('inviteCode');
      startSession(session);
    },
  });

  return (
    <AuthLayout
      title="Create your account"
      intro="BlockPilot searches for blocks and accepts the ones that match your filters, around the clock."
      route="/register"
      links={<Link to="/login">Already have an account? Sign in</Link>}
    >
      <Perks>
        {/* Credited when the driver opens the e-mailed link (docs/SECURITY.md "Free credit"). */}
        <Chip dot="success">{BONUS_TEXT} once you confirm your e-mail</Chip>
        {inviteCode && (
          <Notice tone="success">
            Invite code <strong>{inviteCode}</strong> will be added to your account.
          </Notice>
        )}
      </Perks>
      <Form onSubmit={form.handleSubmit} aria-label="Create your account">
        <Select label="Country" placeholder="Choose your country" options={COUNTRY_OPTIONS} autoComplete="country" aria-required="true" {...form.field('country_code')} />
        <TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <TextField label="Phone number" type="tel" autoComplete="tel" inputMode="tel" helperText="With your country code, e.g. +1 555 555 0100" {...form.field('phoneNumber')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Legal>
          By creating an account you agree to the <Link to="/terms">Terms of Service</Link> and the <Link to="/privacy">Privacy policy</Link>.
        </Legal>
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel="Creating your account…" $block>
          Create account
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
