import { expect } from 'chai';
import { SegmentedMessage } from 'sms-segments-calculator';
import { fitSeptets, gsm7Parts, isGsm7, segmentCount, septets, toGsm7 } from '../../domain/sms/gsm7.ts';
import { afterQuietHours, inQuietHours } from '../../domain/sms/quiet-hours.ts';
import { isStopWord } from '../../domain/sms/handle-incoming-sms.ts';
import { parseReceipt, receiptState, smppParts } from '../../engines/sms/smpp-transport.ts';
import type { SmppPdu } from '../../engines/sms/smpp-library.ts';

describe('SMS text: GSM 03.38 (unit)', () => {
  it('transliterates what French needs and GSM lacks, and keeps what GSM has', () => {
    expect(toGsm7('ê â ô î û ç ë ï ÿ œ Œ À Â Ê Î Ô Û Ç')).to.equal('e a o i u c e i y oe OE A A E I O U Ç');
    expect(toGsm7('é è à ù ì ò É ü ö ä ñ')).to.equal('é è à ù ì ò É ü ö ä ñ');
    expect(toGsm7('« l’offre » – 10 €… ½ 😀')).to.equal('" l\'offre " - 10 €... ? ?');
    expect(isGsm7(toGsm7('Développeur à Yaoundé, prêt ? Çà et là, forêt, où, île, dû, Noël, maïs'))).to.equal(
      true,
    );
  });

  it('counts segments as an independent calculator does, extension characters as two septets', () => {
    const texts = [
      'a'.repeat(160),
      'a'.repeat(161),
      `${'€'.repeat(80)}`,
      `${'€'.repeat(81)}`,
      toGsm7('Offre à pourvoir : chargé(e) de clientèle bilingue, Douala. '.repeat(6)),
      `${'x'.repeat(152)}€${'y'.repeat(10)}`,
    ];
    for (const text of texts) {
      const counted = new SegmentedMessage(text);
      expect(counted.encodingName, text).to.equal('GSM-7');
      expect(segmentCount(text), text).to.equal(counted.segmentsCount);
    }
    expect(septets('[]')).to.equal(4);
    // An escape sequence is never split across two parts.
    const parts = gsm7Parts(`${'x'.repeat(152)}€${'y'.repeat(10)}`);
    expect(parts[0]).to.equal('x'.repeat(152));
    expect(parts[1].startsWith('€')).to.equal(true);
  });

  it('cuts a text to a number of septets with an ellipsis', () => {
    expect(fitSeptets('abcdefghij', 10)).to.equal('abcdefghij');
    expect(fitSeptets('abcdefghijk', 10)).to.equal('abcdefg...');
    expect(septets(fitSeptets('€€€€€€€€', 9))).to.be.at.most(9);
  });

  it('sends GSM text with data_coding 0 and other text as UCS-2 (8), in parts with one reference', () => {
    expect(smppParts('Bonjour')).to.deep.equal([{ text: 'Bonjour', udh: null, dataCoding: 0 }]);
    const ucs2 = smppParts('Привет '.repeat(12));
    expect(ucs2.every((p) => p.dataCoding === 8)).to.equal(true);
    expect(ucs2).to.have.length(2);
    expect(ucs2[0].udh![3]).to.equal(ucs2[1].udh![3]);
  });
});

describe('SMS: quiet hours, STOP words, receipts (unit)', () => {
  it('holds what is queued between 21:00 and 07:00 in Douala (UTC+1) until 07:00', () => {
    expect(inQuietHours(new Date('2026-11-26T19:59:00Z'))).to.equal(false);
    expect(inQuietHours(new Date('2026-11-26T20:00:00Z'))).to.equal(true);
    expect(afterQuietHours(new Date('2026-11-26T21:30:00Z')).toISOString()).to.equal(
      '2026-11-27T06:00:00.000Z',
    );
    expect(afterQuietHours(new Date('2026-11-26T03:10:00Z')).toISOString()).to.equal(
      '2026-11-26T06:00:00.000Z',
    );
    const day = new Date('2026-11-26T06:00:00Z');
    expect(afterQuietHours(day)).to.equal(day);
  });

  it('knows STOP, ARRET and ARRÊT whatever the case and punctuation, and nothing else', () => {
    for (const t of ['STOP', 'stop', ' Arrêt. ', 'ARRET', 'arrêt!']) expect(isStopWord(t), t).to.equal(true);
    for (const t of ['stop please', 'bonjour', 'STOPPER', '']) expect(isStopWord(t), t).to.equal(false);
  });

  it('reads SMPP receipts from their text or their TLVs', () => {
    const text = {
      short_message: {
        message:
          'id:AB12 sub:001 dlvrd:001 submit date:2611261200 done date:2611261201 stat:DELIVRD err:000 text:',
      },
    } as unknown as SmppPdu;
    expect(parseReceipt(text)).to.deep.equal({ providerId: 'AB12', state: 'DELIVERED', detail: 'DELIVRD' });
    const tlv = {
      receipted_message_id: 'XY9',
      message_state: 5,
      short_message: { message: '' },
    } as unknown as SmppPdu;
    expect(parseReceipt(tlv)).to.deep.equal({ providerId: 'XY9', state: 'UNDELIVERED', detail: 'UNDELIV' });
    expect(receiptState('EXPIRED')).to.equal('UNDELIVERED');
    expect(receiptState('ACCEPTD')).to.equal('ACCEPTED');
  });
});
