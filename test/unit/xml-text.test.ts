import { expect } from 'chai';
import { create } from 'xmlbuilder2';
import { appendCdata, xmlChars, xmlText } from '../../lib/xml-text.ts';
import { childNamed, strictXml } from '../helpers/strict-xml.ts';

const HOSTILE = [
  'Caisse &e; fin',
  'nul &#0; et &#x0;',
  'déjà &amp; &lt;b&gt;',
  '<img src=x onerror=alert(1)>',
  'a ]]> b ]]]]> c',
  'seul \ud800 et \udc00 fin',
  'contrôle \u0001\u0008\u000b\u000c\u001f fin',
  'non-caractères \ufffe\uffff fin',
  'tab\tligne\nretour\r fin',
  'emoji 😀 مرحبا',
  '&',
];

/** A document with the text once in `txt()` and once in CDATA, read back by a strict parser. */
function roundTrip(value: string): { text: string; cdata: string } {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('r');
  root.ele('t').txt(xmlText(value)).up();
  appendCdata(root.ele('c'), value).up();
  const doc = strictXml(root.end({ prettyPrint: false }));
  return { text: childNamed(doc, 't').text, cdata: childNamed(doc, 'c').text };
}

describe('Text for XML documents (unit)', () => {
  it('removes what XML 1.0 forbids and keeps the rest', () => {
    expect(xmlChars('seul \ud800 et \udc00 fin')).to.equal('seul  et  fin');
    expect(xmlChars('a\u0001\u0008\u000b\u000c\u001fb')).to.equal('ab');
    expect(xmlChars('a\ufffe\uffffb')).to.equal('ab');
    expect(xmlChars('tab\tligne\nretour\r 😀 \ud7ff \ue000 \ufffd')).to.equal(
      'tab\tligne\nretour\r 😀 \ud7ff \ue000 \ufffd',
    );
    expect(xmlChars(null)).to.equal('');
  });

  it('escapes every & so xmlbuilder2 writes typed references as text', () => {
    expect(xmlText('&e; &#0; &amp;')).to.equal('&amp;e; &amp;#0; &amp;amp;');
  });

  it('every hostile text gives a well-formed document that reads back as typed, less forbidden characters', () => {
    for (const value of HOSTILE) {
      const { text, cdata } = roundTrip(value);
      // A carriage return is read back as a line feed: XML parsers normalise line ends.
      const expected = xmlChars(value).replace(/\r/g, '\n');
      expect(text, JSON.stringify(value)).to.equal(expected);
      expect(cdata, JSON.stringify(value)).to.equal(expected);
    }
  });
});
