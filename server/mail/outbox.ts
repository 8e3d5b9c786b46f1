// Sends the gateway's e-mail: through SMTP when SMTP_URL and MAIL_FROM are set (in the background: a slow mail
// server never holds up the request that wrote it), and into the development mailbox when DEV_MAILBOX is on
// (never in production). Logs name what was sent and the transport's error code, never the message or address.
import type { Gateway } from "../gateway";
import { devMailbox } from "../db/schema";
import { nodemailerMailer, type Mailer, type OutgoingMail } from "./mailer";

export interface Outbox {
  /** `what` names the mail in the log ("password reset e-mail"); `code` is kept for the dev mailbox's reader. */
  send(mail: OutgoingMail, log: { what: string; userId: number; code?: string }): Promise<void>;
}

export function gatewayOutbox(gw: Gateway, mailer?: Mailer): Outbox {
  const transport =
    mailer ?? (gw.config.smtpUrl && gw.config.mailFrom ? nodemailerMailer(gw.config.smtpUrl, gw.config.mailFrom) : undefined);
  const devMailboxOn = gw.config.devMailbox && !gw.config.production;
  return {
    async send(mail, log) {
      if (devMailboxOn) {
        await gw.db.insert(devMailbox).values({
          to: mail.to,
          subject: mail.subject,
          body: mail.text,
          code: log.code ?? null,
          sentAt: new Date(gw.clock.now()),
        });
      }
      if (transport) {
        gw.background.run(log.what, () =>
          transport.send(mail).catch((err: { code?: unknown; responseCode?: unknown }) => {
            // Only the transport's error code: its message may quote the envelope.
            gw.log.warn({ userId: log.userId, smtpError: String(err.code ?? "unknown"), smtpResponse: err.responseCode }, `${log.what} was not sent`);
          }),
        );
      }
      if (!transport && !devMailboxOn) {
        gw.log.warn({ userId: log.userId }, `${log.what}: no mail transport is configured (SMTP_URL); it was not sent`);
      }
    },
  };
}
