// The gateway's outgoing e-mail (password reset codes, a disposition's exception, plugins' mail such as the scheduled
// reports). One small interface, so the routes do not know nodemailer and tests can hand it any nodemailer
// transport (jsonTransport, a fake SMTP server).
import nodemailer from "nodemailer";
import type { Transport, TransportOptions } from "nodemailer";

/** A file sent with a mail (a report's CSV): its name as the reader saves it, and its content. */
export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  /** e.g. "text/csv; charset=utf-8"; nodemailer guesses it from the name without it. */
  contentType?: string;
}

export interface OutgoingMail {
  /** One address, or several on one message (each sees the others, as on any mail sent to a list). */
  to: string | readonly string[];
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** The addresses of a mail, one by one. */
export const recipientsOf = (mail: Pick<OutgoingMail, "to">): string[] => (typeof mail.to === "string" ? [mail.to] : [...mail.to]);

/** Bytes of an attachment as sent (UTF-8 for text). */
export const attachmentBytes = (a: MailAttachment): number =>
  typeof a.content === "string" ? Buffer.byteLength(a.content, "utf8") : a.content.length;

export interface Mailer {
  /** Resolves once the transport accepted the message; rejects when it refused it. */
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * A mailer over a nodemailer transport: an SMTP URL (SMTP_URL, e.g. `smtps://user:pass@mail.example:465`)
 * or a transport object. `from` is the sender (MAIL_FROM).
 */
export function nodemailerMailer(transport: string | Transport<unknown> | TransportOptions, from: string): Mailer {
  const transporter = nodemailer.createTransport(transport as string);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: typeof mail.to === "string" ? mail.to : [...mail.to],
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments?.length && {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            ...(a.contentType && { contentType: a.contentType }),
          })),
        }),
      });
    },
  };
}

export const RESET_CODE_SUBJECT = "Your dialer password reset code";

/** The reset e-mail. The code is in the body only: subjects show in notifications and mail server logs. */
export function resetCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return {
    to,
    subject: RESET_CODE_SUBJECT,
    text:
      `Your password reset code is ${code}. It expires in ${validMinutes} minutes.\n\n` +
      "If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n",
  };
}
