import type { Logger } from '@bet/kit';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail } from '../domain/mail';
import { isPhoneAccountEmail } from '../domain/phone';
import type { Db } from '../store/db';
import { keepMail } from '../store/mail-outbox';

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(mail: Mail) {
    // a phone-only account's address (…@phone.invalid) reaches nobody
    if (isPhoneAccountEmail(mail.to)) return;
    await this.transport.sendMail({ from: this.from, ...mail });
  }
  async close() {
    this.transport.close();
  }
}

/**
 * Development mail: kept in the service's own table and shown at GET /api/v1/dev/mail
 * (embedded mode, or MAIL_OUTBOX_PAGE=true). Nothing leaves the machine.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}
  async send(mail: Mail) {
    await keepMail(this.db, mail);
    this.logger.info({ to: mail.to, subject: mail.subject }, 'mail kept in the development outbox');
  }
  async close() {}
}
