/**
 * SMS: when a failed SMS is tried again, what a gateway's delivery receipt means, and the rules of
 * the phone confirmation code (mobile numbers only, limits, the code never kept in clear).
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import {
  MAX_SMS_ATTEMPTS,
  SMS_RETRY_DELAYS_MS,
  SMS_THROTTLED_DELAY_MS,
  smsAfterFailure,
} from '../../domain/sms/sms-retry.ts';
import { kannelReceiptState } from '../../domain/sms/gateway-callbacks.ts';
import { gatewayProviderId } from '../../domain/sms/record-delivery-receipt.ts';
import {
  CODE_TRIES,
  CODE_TTL_MS,
  CODES_PER_CANDIDAT_PER_HOUR,
  CODES_PER_NUMBER_PER_DAY,
  codeHash,
  mobileNumber,
} from '../../domain/sms/request-phone-code.ts';
import { ValidationError } from '../../domain/errors.ts';

const MINUTE = 60_000;

describe('SMS retry schedule (unit)', () => {
  it('a failed SMS waits 30 s, 2 min, 10 min, 30 min, then 1 h before its next attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => smsAfterFailure(n, false))).to.deep.equal([
      { final: false, delayMs: 30_000 },
      { final: false, delayMs: 2 * MINUTE },
      { final: false, delayMs: 10 * MINUTE },
      { final: false, delayMs: 30 * MINUTE },
      { final: false, delayMs: 60 * MINUTE },
    ]);
    expect(SMS_RETRY_DELAYS_MS).to.have.length(MAX_SMS_ATTEMPTS - 1);
  });

  it('the 6th failure is final', () => {
    expect(MAX_SMS_ATTEMPTS).to.equal(6);
    expect(smsAfterFailure(6, false).final).to.equal(true);
  });

  it('an SMS the SMSC refused for good (unknown number) is failed at once', () => {
    expect(smsAfterFailure(1, true).final).to.equal(true);
  });

  it('an SMSC asking to slow down delays the SMS by one second, without counting an attempt', () => {
    expect(SMS_THROTTLED_DELAY_MS).to.equal(1000);
  });
});

describe('Gateway delivery receipts (unit)', () => {
  it('Kannel’s receipt types: 1 delivered, 2 failed, 16 rejected by the SMSC, 4 buffered, 8 accepted', () => {
    expect(kannelReceiptState(1)).to.deep.equal({ state: 'DELIVERED', detail: 'DELIVRD' });
    expect(kannelReceiptState(2)).to.deep.equal({ state: 'UNDELIVERED', detail: 'UNDELIV' });
    expect(kannelReceiptState(16)).to.deep.equal({ state: 'UNDELIVERED', detail: 'REJECTD' });
    expect(kannelReceiptState(4)).to.deep.equal({ state: 'BUFFERED', detail: 'BUFFERED' });
    expect(kannelReceiptState(8)).to.deep.equal({ state: 'ACCEPTED', detail: 'ACCEPTD' });
  });

  it('a combined type is read by its strongest bit: delivered, then failed, then rejected, then buffered', () => {
    expect(kannelReceiptState(1 | 8).state).to.equal('DELIVERED');
    expect(kannelReceiptState(2 | 16).detail).to.equal('UNDELIV');
    expect(kannelReceiptState(4 | 16).detail).to.equal('REJECTD');
    expect(kannelReceiptState(4 | 8).state).to.equal('BUFFERED');
  });

  it('a gateway knows our SMS by its id as sms-{id}', () => {
    expect(gatewayProviderId(42)).to.equal('sms-42');
  });
});

describe('Phone confirmation codes (unit)', () => {
  it('a code is valid 10 minutes with 5 tries; 3 codes per candidate an hour, 5 per number a day', () => {
    expect(CODE_TTL_MS).to.equal(10 * MINUTE);
    expect(CODE_TRIES).to.equal(5);
    expect(CODES_PER_CANDIDAT_PER_HOUR).to.equal(3);
    expect(CODES_PER_NUMBER_PER_DAY).to.equal(5);
  });

  it('only the hash of the code, bound to the candidate, is kept', () => {
    expect(codeHash(7, '123456')).to.equal(createHash('sha256').update('7:123456').digest('hex'));
    expect(codeHash(7, '123456')).not.to.equal(codeHash(8, '123456'));
  });

  it('a Cameroonian mobile (6...) is accepted in E.164 however it is written', () => {
    expect(mobileNumber('699 99 99 99')).to.equal('+237699999999');
    expect(mobileNumber('(+237) 677-12-34-56')).to.equal('+237677123456');
  });

  it('a fixed line cannot receive SMS, nor can a text that is not a number', () => {
    expect(() => mobileNumber('222 22 22 22')).to.throw(ValidationError, 'Not a mobile number');
    expect(() => mobileNumber('')).to.throw(ValidationError, 'Not a mobile number');
    expect(() => mobileNumber('bonjour')).to.throw(ValidationError, 'Invalid phone number');
  });
});
