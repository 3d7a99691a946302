/**
 * The landing page's words, in one place. Numbers come from the business constants (docs/PRODUCT.md
 * section 9), so the page cannot promise something the product does not do.
 */
import { FEE_BASIS_POINTS, FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS, INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, SIGN_UP_BONUS_CENTS, TRIAL_DAYS } from '@blockpilot/shared';

const dollars = (cents: number) => `$${cents / 100}`;
export const FEE_PERCENT = `${FEE_BASIS_POINTS / 100}%`;
export const BONUS = `${dollars(SIGN_UP_BONUS_CENTS)} free credit`;
const LEAD_MINUTES = FORFEIT_MIN_LEAD_MS / 60_000;
const GRACE_MINUTES = FORFEIT_GRACE_MS / 60_000;

export interface Feature {
  title: string;
  text: string;
  /** SVG path of its 24 x 24 icon. */
  icon: string;
}

export const FEATURES: Feature[] = [
  {
    title: 'Filter Offers',
    text: 'Pick your stations, days and hours, the lowest pay you accept per block or per hour, how long a block may be and how soon you can get there. Only blocks that match are taken.',
    icon: 'M3 5h18l-7 8v6l-4 2v-8z',
  },
  {
    title: 'Watch in real-time',
    text: 'A live log shows every offer the moment it is found, accepted or ignored, with its time, station and pay. You always know what BlockPilot did and why.',
    icon: 'M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z',
  },
  {
    title: 'Search automatically',
    text: 'Press Start and BlockPilot keeps looking in the cloud, even when your phone is locked or offline, at the pace the platform allows. Press Stop whenever you like.',
    icon: 'M12 4V1L8 5l4 4V6a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  },
  {
    title: 'Get Notified',
    text: 'Hear about every accepted block by e-mail, WhatsApp or Telegram, so you can plan your day. If the platform needs you to check something in its app, we tell you at once.',
    icon: 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1z',
  },
];

export interface QuestionAndAnswer {
  question: string;
  answer: string;
}

export const FAQ: QuestionAndAnswer[] = [
  {
    question: 'How does BlockPilot work?',
    answer:
      'You connect your delivery-platform account, set filters and press Start. BlockPilot then watches the offers for you and accepts, right away, every block that matches your filters. Each offer it sees appears in your live log.',
  },
  {
    question: 'What does it cost?',
    answer: `There is no subscription: you pay ${FEE_PERCENT} of the value of each block BlockPilot accepts for you, taken from your credit. You get ${BONUS} when you sign up, eligible drivers can start a ${TRIAL_DAYS}-day free trial, and memberships with no fees are available.`,
  },
  {
    question: 'What if I cannot work a block it accepted?',
    answer: `Forfeit it from your log and the fee is refunded in full. You can forfeit while more than ${LEAD_MINUTES} minutes remain before the block starts, or within ${GRACE_MINUTES} minutes of it being accepted.`,
  },
  {
    question: 'Do I need to keep my phone on?',
    answer:
      'No. BlockPilot runs in the cloud, so the search goes on when your phone is locked, in your pocket or out of signal. Open it in any browser to check the log or change your filters.',
  },
  {
    question: 'Is my delivery account safe?',
    answer:
      "You sign in on the platform's own page, and the access it grants is stored encrypted. BlockPilot respects the platform's limits: it paces its searches, and if the platform asks for a check in its app, it pauses and tells you.",
  },
  {
    question: 'Can I invite other drivers?',
    answer: `Yes. Share your invite link from your account: when a driver who signed up with it tops up ${dollars(INVITE_REWARD_THRESHOLD_CENTS)} or more, you get ${dollars(INVITE_REWARD_CENTS)} of credit.`,
  },
  {
    question: 'Where does BlockPilot work?',
    answer: 'In the United States, Canada, the United Kingdom and Australia, in any modern browser on your phone or computer.',
  },
];
