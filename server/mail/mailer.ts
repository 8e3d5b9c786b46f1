// The gateway's outgoing e-mail (password reset codes). One small interface, so the reset route does not know
// nodemailer and tests can hand it any nodemailer transport (jsonTransport, a fake SMTP server).
import nodemailer from "nodemailer";
import type { Transport, TransportOptions } from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

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
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
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
