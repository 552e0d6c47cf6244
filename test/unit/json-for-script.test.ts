import { expect } from 'chai';
import { jsonForScript } from '../../lib/json-for-script.ts';
import { scriptsOf } from '../helpers/strict-xml.ts';

const HOSTILE = {
  title: '</script><script>alert(1)</script>',
  comment: '<!-- <script> -->',
  amp: 'R&D &amp; &lt;',
  lines: 'a\u2028b\u2029c',
  nested: [{ deep: '</SCRIPT >' }, 42, true, null],
  '</script>': 'a key too',
};

describe('JSON for a <script> element (unit)', () => {
  it('writes <, >, &, U+2028 and U+2029 as \\u escapes', () => {
    expect(jsonForScript({ s: '<>&\u2028\u2029' })).to.equal('{"s":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
    const out = jsonForScript(HOSTILE);
    expect(out).to.not.match(/[<>&\u2028\u2029]/);
  });

  it('parses back to the same value', () => {
    for (const value of [HOSTILE, [], 'texte', 0, { é: 'à 😀' }])
      expect(JSON.parse(jsonForScript(value))).to.deep.equal(value);
  });

  it('stays one script element, with the same JSON, when an HTML5 parser reads the page', () => {
    const page = `<!doctype html><html><head><script type="application/ld+json">${jsonForScript(HOSTILE)}</script></head><body><p>fin</p></body></html>`;
    const scripts = scriptsOf(page);
    expect(scripts).to.have.length(1);
    expect(JSON.parse(scripts[0].text)).to.deep.equal(HOSTILE);
  });

  it('refuses a value that has no JSON form', () => {
    expect(() => jsonForScript(undefined)).to.throw(TypeError);
  });
});
