/**
 * Blog test data: articles and comments inserted directly (the API under test is the admin one),
 * and the fields of an Article.
 */
import { testDb } from './env.ts';
import { unique } from './unique.ts';

/** The fields of an Article as the API answers it, on the public and the admin routes alike. */
export const ARTICLE_KEYS = [
  'id',
  'titre',
  'slug',
  'extrait',
  'contenu',
  'categorie',
  'status',
  'publishedAt',
  'coverUrl',
  'coverVariants',
  'createdAt',
  'updatedAt',
];

export async function insertArticle(
  opts: {
    titre?: string;
    slug?: string;
    categorie?: string;
    status?: 'DRAFT' | 'PUBLISHED';
    contenu?: string;
    extrait?: string | null;
    publishedAt?: Date;
  } = {},
): Promise<{ id: number; slug: string }> {
  const status = opts.status ?? 'PUBLISHED';
  const slug = opts.slug ?? unique('article-');
  const [id] = await testDb()('blogArticles').insert({
    titre: opts.titre ?? 'Article de test',
    slug,
    contenu: opts.contenu ?? 'Contenu de test',
    extrait: opts.extrait === undefined ? 'Extrait' : opts.extrait,
    categorie: opts.categorie ?? 'Conseils',
    status,
    publishedAt: status === 'PUBLISHED' ? (opts.publishedAt ?? new Date()) : null,
  });
  return { id, slug };
}

export async function insertComment(
  articleId: number,
  opts: {
    accountId?: number | null;
    content?: string;
    hidden?: boolean;
    reportCount?: number;
    authorName?: string;
  } = {},
): Promise<number> {
  const [id] = await testDb()('blogComments').insert({
    articleId,
    accountId: opts.accountId ?? null,
    authorName: opts.authorName ?? 'Lecteur Test',
    content: opts.content ?? 'Un commentaire',
    hidden: opts.hidden ?? false,
    reportCount: opts.reportCount ?? 0,
  });
  return id;
}
