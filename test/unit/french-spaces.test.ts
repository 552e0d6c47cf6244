import { expect } from 'chai';
import { frenchSpaces } from '../../lib/french-spaces.ts';

describe('French typography of HTML (unit)', () => {
  it('binds « » and : ; ! ? to their word in text, with no-break spaces', () => {
    expect(frenchSpaces('<p>Offre « Stage : juriste » ; urgent ! Qui ?</p>')).to.equal(
      '<p>Offre «\u00a0Stage\u00a0: juriste\u00a0»\u00a0; urgent\u00a0! Qui\u00a0?</p>',
    );
    expect(frenchSpaces('<b>Wouri &amp; Fils</b> : Douala')).to.equal(
      '<b>Wouri &amp; Fils</b>\u00a0: Douala',
    );
  });

  it('leaves tags, attributes, comments, scripts and styles as written, and colons inside words', () => {
    const kept = [
      '<meta content="Stage : juriste">',
      '<script type="application/ld+json">{"title":"Stage : juriste ?"}</script>',
      '<style>a:hover{color:red !important}</style>',
      '<!--[if mso | IE]><table><tr><td> : <![endif]-->',
      '<p>https://emploi.cm/x?a=1 10:30 ;-)</p>',
    ];
    for (const html of kept) expect(frenchSpaces(html), html).to.equal(html);
  });
});
