/**
 * Precision and recall of the shipped scam rules (domain/trust/default-scam-rules.ts) on the labelled
 * set of bench/scam-rules/texts.json: excerpts of public job ads and press reports of fake
 * recruitments in Cameroon, each with its source. A text "asks for money" when it asks candidates to
 * pay, or quotes such a request; the rules "flag" it when any enabled rule hits.
 *
 *   npx tsx bench/scam-rules.ts            # the figures, and every text the rules get wrong
 *
 * No database: the same pure matcher the publish use case runs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCAM_RULES } from '../domain/trust/default-scam-rules.ts';
import { compileScamRules, matchScamRules } from '../domain/trust/scam-matcher.ts';

interface Labelled {
  id: string;
  asksMoney: boolean;
  source: string;
  text: string;
}

const file = fileURLToPath(new URL('./scam-rules/texts.json', import.meta.url));
const { texts } = JSON.parse(readFileSync(file, 'utf8')) as { texts: Labelled[] };
const rules = compileScamRules(DEFAULT_SCAM_RULES.map((r) => ({ ...r, enabled: true, version: 1 })));

let tp = 0;
let fp = 0;
let fn = 0;
for (const t of texts) {
  const hits = matchScamRules(t.text, rules);
  const flagged = hits.length > 0;
  if (flagged && t.asksMoney) tp++;
  else if (flagged) {
    fp++;
    console.log(`false positive ${t.id} (${hits.map((h) => h.ruleCode).join(', ')}): ${t.text}`);
  } else if (t.asksMoney) {
    fn++;
    console.log(`missed ${t.id}: ${t.text}`);
  }
}
const positives = texts.filter((t) => t.asksMoney).length;
console.log(`${texts.length} texts: ${positives} ask for money, ${texts.length - positives} do not`);
console.log(`true positives ${tp}, false positives ${fp}, missed ${fn}`);
const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
console.log(
  `scam-rules: precision ${precision.toFixed(3)} recall ${recall.toFixed(3)} on ${texts.length} texts`,
);
