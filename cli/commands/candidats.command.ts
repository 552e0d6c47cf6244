/**
 * `recrutement candidates duplicates`: every group of candidate accounts that look like one
 * person (same phone number, or same Gmail mailbox once dots and +tags are removed), the same
 * use case as GET /admin/candidates/duplicates, all pages at once.
 */
import type { Command } from 'commander';
import type { DuplicateGroup } from '../../domain/candidats/candidat-duplicates.ts';
import { dateTime } from '../ui/format.ts';
import type { EnvFactory } from '../command-env.ts';

export function registerCandidatsCommands(program: Command, env: EnvFactory): void {
  const candidats = program.command('candidates').description('candidate accounts');

  candidats
    .command('duplicates')
    .description(
      'groups of candidate accounts sharing a phone number or a Gmail mailbox (dots and +tags ignored)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement candidates duplicates\n  $ recrutement candidates duplicates --json',
    )
    .action(async () => {
      const e = env();
      const { listCandidatDuplicates } = await import('../../domain/candidats/candidat-duplicates.ts');
      const groups: DuplicateGroup[] = [];
      for (let page = 0; ; page++) {
        const p = await listCandidatDuplicates(e.ctx(), { page, size: 100 });
        groups.push(...p.content);
        if (page + 1 >= p.page.totalPages) break;
      }
      e.output.result(groups, () => {
        if (!groups.length) return e.output.out('No duplicate candidate accounts');
        e.output.table(
          ['reason', 'key', 'id', 'name', 'email', 'telephone', 'created', 'last login'],
          groups.flatMap((g) =>
            g.candidates.map((c, i) => [
              i === 0 ? g.reason : '',
              i === 0 ? g.key : '',
              c.id,
              `${c.prenom} ${c.nom}`,
              c.email,
              c.telephone,
              dateTime(c.createdAt),
              c.lastLoginAt ? dateTime(c.lastLoginAt) : 'never',
            ]),
          ),
        );
        e.output.out(`${groups.length} group(s)`);
      });
    });
}
