import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Database } from '../../../db/client';
import { insertOutboxMessage, markMailFailed, markMailSent } from './mail-outbox.repository';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers for the relay (List-Unsubscribe on notification mail); the outbox keeps the message without them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it; never throws for a delivery failure. */
  send(message: MailMessage): Promise<void>;
}

/**
 * DESIGN §1: every message goes to the mail_outbox table. Without SMTP_URL it is also written to
 * the log (so a developer can follow a reset link); with SMTP_URL it is relayed.
 */
export function createMailer(deps: { db: Database; logger: FastifyBaseLogger; smtpUrl?: string; from: string }): Mailer {
  const transport = deps.smtpUrl ? createTransport(deps.smtpUrl) : undefined;

  return {
    async send(message) {
      const { to, subject, text } = message;
      const id = await insertOutboxMessage(deps.db, { to, subject, text, status: transport ? 'queued' : 'logged' });
      if (!transport || !id) {
        deps.logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}\n${message.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: deps.from, ...message });
        await markMailSent(deps.db, id, new Date());
      } catch (error) {
        deps.logger.error({ err: error, to: message.to }, 'mail delivery failed');
        await markMailFailed(deps.db, id, String((error as Error).message ?? error));
      }
    },
  };
}
