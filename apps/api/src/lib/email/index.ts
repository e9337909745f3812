import type { Config } from "../../config";
import { consoleTransport, postmarkTransport, type MailTransport } from "./transports";

export { createMailSender, enqueueMail, type MailSender } from "./outbox";
export { consoleTransport, postmarkTransport, type Mail, type MailTransport } from "./transports";

/** Postmark when a server token is set, else the console. */
export function transportFromConfig(config: Config): MailTransport {
  if (!config.postmarkServerToken) return consoleTransport();
  return postmarkTransport({ serverToken: config.postmarkServerToken, apiUrl: config.postmarkApiUrl, from: config.emailFrom });
}
