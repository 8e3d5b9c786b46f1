import type { Transport } from "nodemailer";
import { describe, expect, it } from "vitest";
import { startFakeSmtp } from "./fakeSmtp";
import { nodemailerMailer, RESET_CODE_SUBJECT, resetCodeMail } from "./mailer";

describe("the reset e-mail", () => {
  it("goes from MAIL_FROM to the account, with the code in the body and not in the subject", async () => {
    const sent: { from: unknown; to: unknown; subject: unknown; text: unknown }[] = [];
    // A nodemailer transport that keeps the message instead of sending it.
    const capture: Transport = {
      name: "capture",
      version: "1",
      send(mail, done) {
        const { from, to, subject, text } = mail.data;
        sent.push({ from, to, subject, text });
        done(null, { envelope: mail.message.getEnvelope(), messageId: "test" });
      },
    };
    await nodemailerMailer(capture, "Dialer <no-reply@callcentre.test>").send(resetCodeMail("advisor.isius@demo.test", "042917", 15));
    expect(sent).toEqual([
      {
        from: "Dialer <no-reply@callcentre.test>",
        to: "advisor.isius@demo.test",
        subject: RESET_CODE_SUBJECT,
        text: expect.stringContaining("Your password reset code is 042917. It expires in 15 minutes."),
      },
    ]);
    expect(RESET_CODE_SUBJECT).not.toMatch(/\d/);
  });

  it("reaches an SMTP server given as a URL (SMTP_URL), envelope and all", async () => {
    const smtp = await startFakeSmtp();
    try {
      await nodemailerMailer(smtp.url, "no-reply@callcentre.test").send(resetCodeMail("manager.isius@demo.test", "777001", 15));
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ from: "no-reply@callcentre.test", to: ["manager.isius@demo.test"] });
      expect(mail!.data).toContain(`Subject: ${RESET_CODE_SUBJECT}`);
      expect(mail!.data).toContain("Your password reset code is 777001.");
    } finally {
      await smtp.close();
    }
  });
});
