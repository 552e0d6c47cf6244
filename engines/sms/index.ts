/**
 * The SMS transport named by SMS_URL: smpp:// or ssmpp:// (SMPP 3.4), http(s):// (a gateway with
 * Kannel's sendsms interface), unset (files under MAIL_DIR/sms). Built by the edge that sends
 * (the worker, the CLI) and passed to the SMS area.
 */
import path from 'node:path';
import type { Config } from '../../lib/config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SmsTransport } from '../../domain/sms/index.ts';
import { SmppTransport, type SmppOptions } from './smpp-transport.ts';
import { KannelTransport } from './kannel-transport.ts';
import { FileTransport } from './file-transport.ts';

export { SmppTransport, KannelTransport, FileTransport };

export function createSmsTransport(
  config: Pick<Config, 'smsUrl' | 'mailDir' | 'publicUrl' | 'smsCallbackKey'>,
  logger: Logger,
  opts: Partial<Omit<SmppOptions, 'logger'>> = {},
): SmsTransport {
  if (!config.smsUrl) return new FileTransport(path.join(config.mailDir, 'sms'));
  const url = new URL(config.smsUrl);
  if (url.protocol === 'smpp:' || url.protocol === 'ssmpp:')
    return new SmppTransport(url, { logger, ...opts });
  return new KannelTransport(url, {
    logger,
    publicUrl: config.publicUrl,
    callbackKey: config.smsCallbackKey,
    ...(opts.tps ? { tps: opts.tps } : {}),
  });
}
