// A minimal SMTP server for tests: accepts every message on 127.0.0.1 and keeps it, so a test can give a real
// gateway SMTP_URL=smtp://127.0.0.1:<port> and read what it sent over the production path (nodemailer, SMTP).
// No TLS, no auth, no pipelining: only what nodemailer's SMTP client needs for one plain message.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers, blank line, body (dot-stuffing undone). */
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say("220 fake-smtp ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          received.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          say("250 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
        if (verb === "EHLO" || verb === "HELO") {
          say("250 fake-smtp");
        } else if (verb === "MAIL") {
          current.from = address;
          say("250 ok");
        } else if (verb === "RCPT") {
          current.to.push(address);
          say("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          say("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else {
          if (verb === "RSET") current = { from: "", to: [], data: "" };
          say("250 ok");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
