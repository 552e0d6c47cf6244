/**
 * PUT /admin/blog/articles/{id}: changes the fields given (titre, slug, contenu, categorie,
 * extrait). A new title keeps the slug, so published links keep working; a new slug must be free
 * (409 CONFLICT).
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { loadArticle, type ArticleView } from './article-view.ts';
import { checkSlugShape, isSlugFree, slugTaken } from './article-slug.ts';
import { optionalText, requiredText } from './article-fields.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export interface ArticleEdit {
  titre?: string;
  slug?: string;
  contenu?: string;
  categorie?: string;
  extrait?: string | null;
}

export async function updateArticle(
  ctx: Ctx,
  input: { articleId: number } & ArticleEdit,
): Promise<ArticleView> {
  const changes: Partial<Pick<BlogArticle, 'titre' | 'slug' | 'contenu' | 'categorie' | 'extrait'>> = {};
  for (const field of ['titre', 'contenu', 'categorie'] as const) {
    const value = input[field];
    if (value !== undefined) changes[field] = requiredText(value, field);
  }
  if (input.extrait !== undefined) changes.extrait = optionalText(input.extrait);
  if (input.slug !== undefined) changes.slug = checkSlugShape(input.slug);
  try {
    return await inTransaction(ctx, async (t) => {
      await loadArticle(t.db, input.articleId, t.config.publicUrl);
      if (input.slug !== undefined && !(await isSlugFree(t.db, input.slug, input.articleId)))
        throw slugTaken(input.slug);
      if (Object.keys(changes).length)
        await BlogArticle.query(t.db)
          .findById(input.articleId)
          .patch({ ...changes, updatedAt: t.clock.now() });
      await recordAudit(
        t,
        'blog.article.updated',
        { type: 'blog_article', id: input.articleId },
        { fields: Object.keys(changes) },
      );
      return loadArticle(t.db, input.articleId, t.config.publicUrl);
    });
  } catch (err) {
    const duplicate = isDuplicateKeyError(err);
    if (duplicate && input.slug !== undefined) throw slugTaken(input.slug);
    throw err;
  }
}
