/** One e-mail, as the services hand it to the mail transport. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** What the message is for, for logs and the outbox (e.g. 'digest', 'lead'). */
  kind: string;
  /**
   * Optional: a key naming this message once and for all (e.g. `digest:<id>`).
   * A second `send` with the same key queues nothing and answers the first
   * message's id, so a caller that crashed after queuing can safely send again.
   */
  idempotencyKey?: string;
}

/**
 * The mail transport every service uses (leads, alert digests): a message is
 * written to the outbox table first and marked sent only once the transport
 * (SMTP when SMTP_URL is set, `.eml` files under `<dataDir>/outbox/` otherwise)
 * accepted it, so a crash or an SMTP outage delays mail but never loses or
 * doubles it. Implemented in src/services/mail/createMailer.ts.
 */
export interface Mailer {
  /** Queues a message durably and tries to deliver it now; resolves once it is queued. */
  send(message: MailMessage): Promise<{ id: string }>;
  /** Delivers what is queued and unsent (after an outage); returns how many were sent. */
  flush(): Promise<number>;
  close(): void;
}
