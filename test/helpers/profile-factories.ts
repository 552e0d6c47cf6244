/**
 * Test data for profiles and files: an application (with the offer's counters moved as the
 * application use case would), a talent-pool entry, and a file uploaded through the API.
 */
import { testDb } from './env.ts';
import { agent } from './app.ts';

/** Inserts an application NEW of the candidate on the offer and bumps totalCandidatures/nouveaux. */
export async function applyTo(
  candidatId: number,
  offreId: number,
  lettreMotivation = 'Je suis motivée',
): Promise<number> {
  const db = testDb();
  const [id] = await db('candidatures').insert({ offreId, candidatId, status: 'NEW', lettreMotivation });
  await db('offres').where({ id: offreId }).increment({ totalCandidatures: 1, nouveaux: 1 });
  return id;
}

/** Puts the candidate in a talent pool of the company. */
export async function addToVivier(
  entrepriseId: number,
  candidat: { id: number; email: string },
): Promise<number> {
  const db = testDb();
  const [vivierId] = await db('viviers').insert({ entrepriseId, nom: 'Vivier test' });
  const [id] = await db('vivierCandidats').insert({
    vivierId,
    candidatId: candidat.id,
    email: candidat.email,
  });
  return id;
}

export async function uploadAs(
  auth: { Authorization: string },
  path: string,
  file: { data: Buffer; name: string; type?: string },
  fields: Record<string, string> = {},
) {
  let req = agent().post(`/v1/api${path}`).set(auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('file', file.data, {
    filename: file.name,
    contentType: file.type ?? 'application/octet-stream',
  });
}

type Parser = Parameters<ReturnType<ReturnType<typeof agent>['get']>['parse']>[0];
type NodeParser = Extract<Parser, (res: never, cb: never) => void>;

/** Reads a binary answer as a Buffer (supertest leaves unknown types unparsed). */
export const binaryParser: NodeParser = (res, cb) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
  stream.on('error', (e: Error) => cb(e, Buffer.alloc(0)));
};
