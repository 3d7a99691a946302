import { api, COUNTRIES, type CountryCode, PAGES, readStored, removeStored, SIGN_UP_BONUS_CENTS, SUB_PAGES, useForm } from '@blockpilot/shared';
import { useLanguage } from '@blockpilot/shared/i18n';
import { Chip, Form, FormFeedback, Notice, PasswordField, Select, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { T, useT } from '../i18n';
import { useStartSession } from '../startSession';
import { AuthLayout } from './AuthLayout';

/** The sign-up bonus as the register page promises it (docs/PRODUCT.md section 1: "$10 free credit"). */
const BONUS = `$${SIGN_UP_BONUS_CENTS / 100}`;

/** Each country's name, in the page's language. */
const COUNTRY_NAMES = {
  US: 'register.country.US',
  CA: 'register.country.CA',
  UK: 'register.country.UK',
  AU: 'register.country.AU',
} as const satisfies Record<CountryCode, string>;

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
 * password twice. The invite code stored by /invite/{code} goes along as inviteCode, and the page's
 * language as the account's (docs/FRONTEND.md, "Languages").
 */
export function Register() {
  const t = useT();
  const { language } = useLanguage();
  const startSession = useStartSession();
  const inviteCode = readStored<string | null>('inviteCode', null);
  const form = useForm({
    initialValues: { country_code: '', emailAddress: '', phoneNumber: '', password: '', confirmPassword: '' },
    validate: (values) => (isCountry(values.country_code) ? {} : { country_code: t('register.chooseCountry') }),
    onSubmit: async ({ country_code, ...values }) => {
      const session = await api.auth.register({ ...values, country_code: country_code as CountryCode, inviteCode: inviteCode ?? undefined, language });
      // The code has done its job; a later sign-up on this device must not reuse it.
      removeStored('inviteCode');
      startSession(session);
    },
  });
  const countryOptions = COUNTRIES.map(({ code }) => ({ value: code, label: t(COUNTRY_NAMES[code]) }));

  return (
    <AuthLayout title={t('register.title')} intro={t('register.intro')} route={PAGES.register.path} links={<Link to={PAGES.login.path}>{t('register.login')}</Link>}>
      <Perks>
        {/* Credited when the driver opens the e-mailed link (docs/SECURITY.md "Free credit"). */}
        <Chip dot="success">{t('register.bonus', { bonus: BONUS })}</Chip>
        {inviteCode && (
          <Notice tone="success">
            <T id="register.invite" values={{ code: inviteCode }} components={{ 0: <strong /> }} />
          </Notice>
        )}
      </Perks>
      <Form onSubmit={form.handleSubmit} aria-label={t('register.title')}>
        <Select
          label={t('register.country')}
          placeholder={t('register.chooseCountry')}
          options={countryOptions}
          autoComplete="country"
          aria-required="true"
          {...form.field('country_code')}
        />
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <TextField label={t('register.phone')} type="tel" autoComplete="tel" inputMode="tel" helperText={t('register.phoneHelp')} {...form.field('phoneNumber')} />
        <PasswordField label={t('password')} autoComplete="new-password" {...form.field('password')} />
        <PasswordField label={t('register.confirmPassword')} autoComplete="new-password" {...form.field('confirmPassword')} />
        <Legal>
          <T id="register.legal" components={{ 0: <Link to={SUB_PAGES.landing.terms} />, 1: <Link to={SUB_PAGES.landing.privacy} /> }} />
        </Legal>
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel={t('register.pending')} $block>
          {t('register.submit')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
