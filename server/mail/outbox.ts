// Sends the gateway's e-mail: through SMTP when SMTP_URL and MAIL_FROM are set, and into the development mailbox when
// DEV_MAILBOX is on (never in production). Logs name what was sent and the transport's error code, never the message
// or an address.
//
// Two ways: `send` hands the message to SMTP in the background (a slow mail server never holds up the request that
// wrote it: a reset code); `deliver` waits until the transport accepted it and says when it did not, for work that
// records the outcome and tries again (a plugin's mail: the scheduled reports).
import type { Gateway } from "../gateway";
import { devMailbox } from "../db/schema";
import { attachmentBytes, nodemailerMailer, recipientsOf, type Mailer, type OutgoingMail } from "./mailer";

/** What the log says of a mail: what it is, and whose (a user, a call centre) — never an address or the content. */
export interface MailLog {
  /** Names the mail in the log ("password reset e-mail"). */
  what: string;
  userId?: number;
  tenantId?: number;
  /** Kept for the dev mailbox's reader (a reset code). */
  code?: string;
}

/** A mail the transport did not take: `code` is the transport's error code, or "no_transport". */
export class MailNotSent extends Error {
  constructor(readonly code: string) {
    super(code === "no_transport" ? "No mail transport is configured (SMTP_URL)." : `The mail server refused the message (${code}).`);
    this.name = "MailNotSent";
  }
}

export interface Outbox {
  /** Keeps the mail in the dev mailbox, then hands it to SMTP in the background; a refusal is only logged. */
  send(mail: OutgoingMail, log: MailLog): Promise<void>;
  /**
   * Resolves once the transport accepted the mail (then the dev mailbox keeps it too), or once the dev mailbox kept
   * it when it is the only transport; rejects with MailNotSent otherwise.
   */
  deliver(mail: OutgoingMail, log: MailLog): Promise<void>;
}

/**
 * The dev mailbox's row of each address: the body, then a line per attachment with its name and size (the content
 * itself is not kept: a report's CSV may be large; the mail sent over SMTP carries it).
 */
function mailboxRows(mail: OutgoingMail, code: string | undefined, sentAt: Date) {
  const attached = (mail.attachments ?? []).map((a) => `Attached: ${a.filename} (${attachmentBytes(a)} bytes)`);
  const body = attached.length ? `${mail.text}\n\n${attached.join("\n")}\n` : mail.text;
  return recipientsOf(mail).map((to) => ({ to, subject: mail.subject, body, code: code ?? null, sentAt }));
}

/** What the log may say of a transport's error: its code and the server's response code, never its message. */
function transportError(err: unknown): { smtpError: string; smtpResponse: unknown } {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return { smtpError: String(e.code ?? "unknown"), smtpResponse: e.responseCode };
}

export function gatewayOutbox(gw: Gateway, mailer?: Mailer): Outbox {
  const transport =
    mailer ?? (gw.config.smtpUrl && gw.config.mailFrom ? nodemailerMailer(gw.config.smtpUrl, gw.config.mailFrom) : undefined);
  const devMailboxOn = gw.config.devMailbox && !gw.config.production;
  const keep = async (mail: OutgoingMail, log: MailLog) => {
    if (devMailboxOn) await gw.db.insert(devMailbox).values(mailboxRows(mail, log.code, new Date(gw.clock.now())));
  };
  const who = (log: MailLog) => ({
    ...(log.userId !== undefined && { userId: log.userId }),
    ...(log.tenantId !== undefined && { tenantId: log.tenantId }),
  });
  return {
    async send(mail, log) {
      await keep(mail, log);
      if (transport) {
        gw.background.run(log.what, () =>
          transport.send(mail).catch((err: unknown) => {
            // Only the transport's error code: its message may quote the envelope.
            gw.log.warn({ ...who(log), ...transportError(err) }, `${log.what} was not sent`);
          }),
        );
      }
      if (!transport && !devMailboxOn) {
        gw.log.warn(who(log), `${log.what}: no mail transport is configured (SMTP_URL); it was not sent`);
      }
    },
    async deliver(mail, log) {
      if (transport) {
        try {
          await transport.send(mail);
        } catch (err) {
          const e = transportError(err);
          gw.log.warn({ ...who(log), ...e }, `${log.what} was not sent`);
          throw new MailNotSent(e.smtpError === "unknown" && e.smtpResponse ? String(e.smtpResponse) : e.smtpError);
        }
      } else if (!devMailboxOn) {
        gw.log.warn(who(log), `${log.what}: no mail transport is configured (SMTP_URL); it was not sent`);
        throw new MailNotSent("no_transport");
      }
      await keep(mail, log);
    },
  };
}
