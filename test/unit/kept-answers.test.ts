import { expect } from 'chai';
import { KEPT_ANSWER_MS, KeptAnswers, type KeptAnswer } from '../../api/http/kept-answers.ts';
import { stableAnswer } from '../../api/http/cacheable-answer.ts';

function kept(payload: object): KeptAnswer {
  return { answer: stableAnswer(payload), cacheControl: 'public, max-age=60', enveloped: false };
}

describe('Kept answers (a process keeps public answers a moment)', () => {
  it('gives an answer back under its key and version only', () => {
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => 0);
    const page = kept({ content: [1, 2] });
    answers.set('/offres/search?q=a#fr#v1', '7#2026-11-26', page);
    expect(answers.get('/offres/search?q=a#fr#v1', '7#2026-11-26')?.answer).to.equal(page.answer);
    expect(answers.get('/offres/search?q=a#en#v1', '7#2026-11-26')).to.equal(undefined);
    expect(answers.get('/offres/search?q=b#fr#v1', '7#2026-11-26')).to.equal(undefined);
  });

  it('never gives an answer again once its version moved', () => {
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => 0);
    answers.set('k', '7#2026-11-26', kept({ a: 1 }));
    expect(answers.get('k', '8#2026-11-26')).to.equal(undefined);
    // Dropped, not merely hidden: the old version does not come back either.
    expect(answers.get('k', '7#2026-11-26')).to.equal(undefined);
    expect(answers.size).to.equal(0);
  });

  it(`keeps an answer ${KEPT_ANSWER_MS} ms, not a millisecond more`, () => {
    let now = 1_000;
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => now);
    const page = kept({ a: 1 });
    answers.set('k', 'v', page);
    now += KEPT_ANSWER_MS - 1;
    expect(answers.get('k', 'v')?.answer).to.equal(page.answer);
    now += 1;
    expect(answers.get('k', 'v')).to.equal(undefined);
  });

  it('holds 16 MB at most, dropping the oldest answers first', () => {
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => 0);
    const mb = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 20; i++) answers.set(`k${i}`, 'v', kept({ text: mb }));
    expect(answers.size).to.equal(15);
    expect(answers.get('k0', 'v')).to.equal(undefined);
    expect(answers.get('k4', 'v')).to.equal(undefined);
    expect(answers.get('k5', 'v')).to.not.equal(undefined);
    expect(answers.get('k19', 'v')).to.not.equal(undefined);
  });

  it('keeps nothing when told to keep answers 0 ms', () => {
    const answers = new KeptAnswers(0, () => 0);
    answers.set('k', 'v', kept({ a: 1 }));
    expect(answers.get('k', 'v')).to.equal(undefined);
    expect(answers.size).to.equal(0);
  });

  it('replacing an answer counts its bytes once', () => {
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => 0);
    const mb = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 40; i++) answers.set('same', 'v', kept({ text: mb }));
    answers.set('other', 'v', kept({ text: mb }));
    expect(answers.size).to.equal(2);
  });
});

describe('Kept answers: one request makes an expired answer again', () => {
  it('others wait for it, then find it kept', async () => {
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => 0);
    expect(answers.beingMade('k')).to.equal(undefined);
    const done = answers.startMaking('k');
    const waiting = answers.beingMade('k');
    expect(waiting).to.be.instanceOf(Promise);
    let woken = false;
    void waiting?.then(() => (woken = true));
    await Promise.resolve();
    expect(woken).to.equal(false);
    answers.set('k', 'v', kept({ a: 1 }));
    done();
    await waiting;
    expect(woken).to.equal(true);
    expect(answers.get('k', 'v')).to.not.equal(undefined);
    expect(answers.beingMade('k')).to.equal(undefined);
  });
});

describe('Kept answers: an expired answer, while it is made again', () => {
  it('is found expired for as long again as it was fresh, then gone; never across versions', () => {
    let now = 0;
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => now);
    const page = kept({ a: 1 });
    answers.set('k', 'v', page);
    expect(answers.find('k', 'v')).to.deep.equal({ kept: { ...page, version: 'v', at: 0 }, fresh: true });
    now = KEPT_ANSWER_MS;
    expect(answers.find('k', 'v')?.fresh).to.equal(false);
    expect(answers.get('k', 'v')).to.equal(undefined);
    expect(answers.find('k', 'v')?.kept.answer).to.equal(page.answer);
    expect(answers.find('k', 'w')).to.equal(undefined);
    expect(answers.find('k', 'v')).to.equal(undefined);
    answers.set('k', 'v', page);
    now += 2 * KEPT_ANSWER_MS;
    expect(answers.find('k', 'v')).to.equal(undefined);
    expect(answers.size).to.equal(0);
  });
});
