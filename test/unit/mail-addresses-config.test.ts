import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../lib/config.ts';

describe('MAIL_FROM and MAIL_REPLY_TO (unit)', () => {
  it('each is one address, with or without a display name; MAIL_REPLY_TO is unset by default', () => {
    expect(loadConfig({})).to.include({ mailFrom: 'Recrutement <no-reply@localhost>', mailReplyTo: null });
    expect(
      loadConfig({ MAIL_FROM: ' Emploi Cameroun <contact@emploi.cm> ', MAIL_REPLY_TO: 'aide@emploi.cm' }),
    ).to.include({ mailFrom: 'Emploi Cameroun <contact@emploi.cm>', mailReplyTo: 'aide@emploi.cm' });
  });

  it('a value nodemailer would not send from is refused at start, naming the setting', () => {
    for (const bad of ['contact', 'Emploi <>', 'a@emploi.cm, b@emploi.cm', '@emploi.cm'])
      for (const name of ['MAIL_FROM', 'MAIL_REPLY_TO'])
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).to.throw(
          ConfigError,
          new RegExp(`^${name} must be one email address`),
        );
  });
});
