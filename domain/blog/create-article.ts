/**
 * POST /admin/blog/articles {titre, slug?, contenu, categorie, extrait?}: a DRAFT article. Without
 * a slug, it is derived from the title (accents folded) and made unique with -2, -3 ...; two
 * concurrent creations with one title both get a slug: the unique index refuses the loser's,
 * which then takes the next free one. A given slug already used is 409 CONFLICT.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { isDeadlockError, isDuplicateKeyError } from '../../lib/db-errors.ts';
import { slugify } from '../shared/index.ts';
import { loadArticle, type ArticleView } from './article-view.ts';
import { checkSlugShape, firstFreeSlug, isSlugFree, SLUG_MAX_LENGTH, slugTaken } from './article-slug.ts';
import { optionalText, requiredText } from './article-fields.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export interface NewArticle {
  titre: string;
  slug?: string | null;
  contenu: string;
  categorie: string;
  extrait?: string | null;
}

const MAX_ATTEMPTS = 5;

export async function createArticle(ctx: Ctx, input: NewArticle): Promise<ArticleView> {
  const titre = requiredText(input.titre, 'titre');
  const contenu = requiredText(input.contenu, 'contenu');
  const categorie = requiredText(input.categorie, 'categorie');
  const given = input.slug ? checkSlugShape(input.slug) : null;
  const base = slugify(titre)
    .slice(0, SLUG_MAX_LENGTH - 6)
    .replace(/-+$/, '');
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(ctx, async (t) => {
        let slug = given;
        if (slug && !(await isSlugFree(t.db, slug))) throw slugTaken(slug);
        slug ??= await firstFreeSlug(t.db, base);
        const now = t.clock.now();
        const { id } = await BlogArticle.query(t.db).insert({
          titre,
          slug,
          contenu,
          categorie,
          extrait: optionalText(input.extrait),
          status: 'DRAFT',
          authorAccountId: t.actor.type === 'account' ? t.actor.id : null,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(t, 'blog.article.created', { type: 'blog_article', id }, { slug });
        return loadArticle(t.db, id, t.config.publicUrl);
      });
    } catch (err) {
      // Inserts racing on one unique slug end in a duplicate key (or, rarely, a deadlock): try the next free slug.
      const duplicate = isDuplicateKeyError(err);
      const deadlock = isDeadlockError(err);
      if (!duplicate && !deadlock) throw err;
      if (given && duplicate) throw slugTaken(given);
      if (attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}
