import type { Logger } from '@bet/kit';
import type { Db } from '../store/db';
import { keepSms } from '../store/sms-outbox';

/** A text message to a number in E.164. */
export interface Sms {
  to: string;
  text: string;
}

/** Sends texts (one-time codes): the development outbox, or a real SMS gateway. */
export interface SmsSender {
  readonly kind: 'outbox' | 'termii';
  send(sms: Sms): Promise<void>;
}

export class SmsSendError extends Error {
  override name = 'SmsSendError';
}

/**
 * Development texts: kept in the service's own table and shown at GET /api/v1/dev/sms
 * (embedded mode, or MAIL_OUTBOX_PAGE=true). Nothing leaves the machine.
 */
export class OutboxSms implements SmsSender {
  readonly kind = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}
  async send(sms: Sms) {
    await keepSms(this.db, sms);
    this.logger.info({ to: sms.to }, 'text kept in the development SMS outbox');
  }
}

export interface TermiiOptions {
  apiKey: string;
  /** the registered sender ID (3–11 characters) */
  senderId: string;
  /** https://api.ng.termii.com (a test points it at a local stand-in) */
  baseUrl: string;
  timeoutMs: number;
}

/**
 * Termii (termii.com), the common Nigerian SMS gateway: POST {baseUrl}/api/sms/send with the
 * API key in the JSON body; `to` is the number in international form without the plus. A
 * non-2xx answer, or a body without a message_id, is a failed send.
 */
export class TermiiSms implements SmsSender {
  readonly kind = 'termii';
  constructor(private readonly o: TermiiOptions) {}
  async send(sms: Sms) {
    let res: Response;
    try {
      res = await fetch(new URL('/api/sms/send', this.o.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: this.o.apiKey,
          to: sms.to.replace(/^\+/, ''),
          from: this.o.senderId,
          sms: sms.text,
          type: 'plain',
          channel: 'generic',
        }),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (err) {
      throw new SmsSendError(`Termii did not answer: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new SmsSendError(`Termii answered ${res.status}: ${text.slice(0, 200)}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SmsSendError(`Termii answered ${res.status} without JSON`);
    }
    if (!body || typeof body !== 'object' || !('message_id' in body))
      throw new SmsSendError(`Termii did not accept the message: ${text.slice(0, 200)}`);
  }
}
