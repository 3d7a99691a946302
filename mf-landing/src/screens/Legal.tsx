import { FEE_BASIS_POINTS } from '@blockpilot/shared';
import { Page, Paper } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SupportEmailLink } from './SupportEmailLink';
import { SiteFooter } from './SiteFooter';

const Body = styled(Paper)`
  h2 {
    margin: 20px 0 6px;
    font-size: 1.125rem;
    font-weight: 600;
  }
  h2:first-child {
    margin-top: 0;
  }
  p {
    margin: 0 0 8px;
  }
`;

const Contact = SupportEmailLink;

/** Each document: its title and sections (heading, paragraphs). */
const DOCUMENTS = {
  terms: {
    title: 'Terms of Service',
    route: '/terms',
    sections: [
      [
        'The service',
        'BlockPilot searches the offers of your delivery-platform account and accepts blocks that match the filters you set, while you have searching turned on. We cannot promise that any block will be offered or accepted.',
      ],
      [
        'Your account',
        "Keep your password to yourself; you are responsible for what is done with your account. You must be allowed to work the blocks BlockPilot accepts for you, and you remain bound by your delivery platform's own terms.",
      ],
      [
        'Fees and credit',
        `Each accepted block costs ${FEE_BASIS_POINTS / 100}% of its value, taken from your credit. If you forfeit a block through BlockPilot within the forfeit window, that fee is refunded in full. No fee is charged during a free trial or an active membership. Credit is not cash and cannot be withdrawn.`,
      ],
      [
        'Fair use',
        "BlockPilot works within the platform's limits: it paces its searches, and pauses when the platform asks you to confirm something in its app. Do not try to get around these limits through BlockPilot.",
      ],
      ['Ending', 'You can stop searching or stop using BlockPilot at any time. We may suspend an account that abuses the service or the platform.'],
    ],
  },
  privacy: {
    title: 'Privacy policy',
    route: '/privacy',
    sections: [
      [
        'What we keep',
        'Your e-mail address, phone number and country; your filters and notification choices; the log of offers BlockPilot saw for you; your credit and purchases. Passwords are stored only as a secure hash.',
      ],
      [
        'Your delivery account',
        'When you connect your delivery-platform account we keep the access it grants, encrypted, and use it only to search and accept blocks for you and to show your schedule.',
      ],
      [
        'How we use it',
        'To run the search, to notify you by the channels you chose (e-mail, WhatsApp, Telegram), to answer your questions and, unless you opt out, to send occasional news. We do not sell your data.',
      ],
      ['Payments', 'Card payments are handled by our payment provider; we never see or store your card number.'],
      [
        'Your choices',
        'You can change your notification preferences in your account and opt out of promotional e-mails from the link in any of them. To get a copy of your data or have it deleted, write to us.',
      ],
    ],
  },
} as const;

/** /terms and /privacy: the short documents the footer links to. */
export function Legal({ document: kind }: { document: keyof typeof DOCUMENTS }) {
  const doc = DOCUMENTS[kind];
  return (
    <>
      <Page title={doc.title} route={doc.route} remote="mf_landing">
        <Body as="article" aria-label={doc.title}>
          {doc.sections.map(([heading, text]) => (
            <section key={heading}>
              <h2>{heading}</h2>
              <p>{text}</p>
            </section>
          ))}
          <h2>Questions</h2>
          <p>
            Write to <Contact /> or use the <Link to="/askAQuestion">contact form</Link>.
          </p>
        </Body>
      </Page>
      <SiteFooter />
    </>
  );
}
