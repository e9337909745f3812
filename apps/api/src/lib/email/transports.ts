import { ServerClient } from "postmark";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  name: string;
  send(mail: Mail): Promise<void>;
}

/** Development transport: the mail, link included, printed where the person running Kim can read it. */
export function consoleTransport(write: (text: string) => void = (text) => process.stdout.write(text)): MailTransport {
  return {
    name: "console",
    async send(mail) {
      write(`\n--- mail to ${mail.to} ---\nSubject: ${mail.subject}\n\n${mail.text}\n--- end of mail ---\n`);
    },
  };
}

export function postmarkTransport(options: { serverToken: string; apiUrl?: string | undefined; from: string }): MailTransport {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const client = new ServerClient(
    options.serverToken,
    api ? { useHttps: api.protocol === "https:", requestHost: api.host, timeout: 10 } : { timeout: 10 },
  );
  return {
    name: "postmark",
    async send(mail) {
      await client.sendEmail({
        From: options.from,
        To: mail.to,
        Subject: mail.subject,
        TextBody: mail.text,
        ...(mail.html ? { HtmlBody: mail.html } : {}),
        MessageStream: "outbound",
      });
    },
  };
}
