/** Binary-relevance measures of one ranked answer: nDCG@10, P@10, recall@100, and whether it was empty. */

export interface Measures {
  ndcg10: number;
  p10: number;
  recall100: number;
  zero: number;
}

export function measure(ranked: number[], relevant: ReadonlySet<number>): Measures {
  let dcg = 0;
  let hits10 = 0;
  ranked.slice(0, 10).forEach((id, i) => {
    if (!relevant.has(id)) return;
    dcg += 1 / Math.log2(i + 2);
    hits10 += 1;
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  const hits100 = ranked.slice(0, 100).filter((id) => relevant.has(id)).length;
  return {
    ndcg10: ideal ? dcg / ideal : 0,
    p10: hits10 / 10,
    recall100: relevant.size ? hits100 / relevant.size : 0,
    zero: ranked.length === 0 ? 1 : 0,
  };
}

export function mean(list: Measures[]): Measures {
  const n = list.length || 1;
  const sum = (k: keyof Measures) => list.reduce((s, m) => s + m[k], 0) / n;
  return { ndcg10: sum('ndcg10'), p10: sum('p10'), recall100: sum('recall100'), zero: sum('zero') };
}
