/** Test data of talent pools: pools, members, and import rows over a file written to storage. */
import { randomUUID } from 'node:crypto';
import { testDb, testDeps } from './env.ts';

export async function createVivierRow(entrepriseId: number, nom = 'Vivier de test'): Promise<number> {
  const [id] = await testDb()('viviers').insert({ entrepriseId, nom, description: null });
  return id;
}

export async function addMemberRow(
  vivierId: number,
  email: string,
  opts: { nom?: string; prenom?: string; tags?: string[] } = {},
): Promise<number> {
  const [id] = await testDb()('vivierCandidats').insert({
    vivierId,
    email,
    nom: opts.nom ?? null,
    prenom: opts.prenom ?? null,
    tags: JSON.stringify(opts.tags ?? []),
    source: 'MANUAL',
  });
  return id;
}

/** A QUEUED import of `content`, stored as the API would, without the upload checks. */
export async function queueImportRow(vivierId: number, content: string | Buffer): Promise<number> {
  const storageKey = `import/${randomUUID()}.csv`;
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  await testDeps().storage.put(storageKey, data);
  const [fileId] = await testDb()('files').insert({
    purpose: 'IMPORT',
    storageKey,
    contentType: 'text/csv',
    size: data.length,
  });
  const [id] = await testDb()('vivierImports').insert({ vivierId, fileId, status: 'QUEUED' });
  return id;
}

export async function poolEmails(vivierId: number): Promise<string[]> {
  const rows = (await testDb()('vivierCandidats').where({ vivierId }).orderBy('email').select('email')) as {
    email: string;
  }[];
  return rows.map((r) => r.email);
}
