/**
 * No SMS_URL: each SMS is written as a text file under MAIL_DIR/sms (like the .eml files of
 * lib/mailer.ts), so development needs no SMSC. The file names the sender, the number, the
 * segments and holds the text.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  gatewayProviderId,
  segmentCount,
  type InboundHandlers,
  type OutgoingSms,
  type SmsSendResult,
  type SmsTransport,
} from '../../domain/sms/index.ts';

export class FileTransport implements SmsTransport {
  readonly kind = 'file' as const;
  readonly ratePerSecond = 1000;

  constructor(private readonly dir: string) {}

  listen(_handlers: InboundHandlers): void {}

  async send(sms: OutgoingSms): Promise<SmsSendResult> {
    await mkdir(this.dir, { recursive: true });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-sms-${sms.id}.txt`;
    const content = `From: ${sms.from}\nTo: ${sms.to}\nSegments: ${segmentCount(sms.text)}\n\n${sms.text}\n`;
    await writeFile(path.join(this.dir, file), content);
    return { providerIds: [gatewayProviderId(sms.id)] };
  }

  async close(): Promise<void> {}
}
