/**
 * Telling a remote's team that the canary guard rolled its canary back (docs/RELEASES.md
 * "Canary"): one e-mail to each address RELEASE_TEAM_EMAILS gives the remote, through the mail
 * adapter, besides the error in the log and the entry in the audit log. Sent in the background:
 * the load report that tipped the canary over is answered at once, and a mail failure is logged.
 */
import type { AppContext } from '../../context.js';
import { describeFailureGroup, type CanaryRollback } from './loadReports.js';

export function canaryRollbackMail({ channel, remote, version, reason, health, failures }: CanaryRollback): { subject: string; text: string } {
  return {
    subject: `Canary rolled back: ${remote} ${version} on ${channel}`,
    text: [
      `The canary of ${remote} ${version} on the ${channel} channel was rolled back automatically:`,
      reason,
      '',
      `Signed-in users who ran it: ${health.users} (${health.healthy} rendered it, ${health.failed} saw it fail).`,
      'What failed (error name, where, SHA-256 of the stack without its message):',
      ...failures.map((group) => `- ${describeFailureGroup(group, Infinity)}`),
      '',
      'Every user is back on the stable release. Nothing else changed.',
      `See it with \`npm run release -- status\` and \`npm run release -- history ${remote}\`, fix the build, and publish a new version.`,
    ].join('\n'),
  };
}

export function tellTeamOfCanaryRollback(ctx: Pick<AppContext, 'config' | 'mailer' | 'background' | 'log'>, event: CanaryRollback): void {
  ctx.log.error(event, 'a canary failed in browsers and was rolled back');
  const addresses = ctx.config.releases.teamEmails[event.remote] ?? [];
  const mail = canaryRollbackMail(event);
  for (const to of addresses) ctx.background.run(`tell ${to} of the canary rollback`, () => ctx.mailer.send({ to, ...mail }));
}
