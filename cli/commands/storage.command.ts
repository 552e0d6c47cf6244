/**
 * `recrutement storage migrate --to s3 [--dry-run]`: copies the local upload folder (UPLOAD_DIR)
 * to the object store named by the S3_* settings, verifying every copy; resumable and idempotent.
 * Run it before switching STORAGE=s3 on, and once more right after, for files uploaded meanwhile.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import type { StorageMigrationReport } from '../../domain/files/migrate-storage.ts';
import { createProgress } from '../ui/progress.ts';
import type { CommandEnv } from '../command-env.ts';
import type { S3Storage } from '../../lib/storage.ts';
import { storageConfig } from '../../lib/config.ts';
import type { EnvFactory } from '../command-env.ts';

/** The store of the S3_* settings, whatever STORAGE says today (the migration comes before the switch). */
async function targetStore(): Promise<S3Storage> {
  const { S3Storage } = await import('../../lib/storage.ts');
  const s = storageConfig({ ...process.env, STORAGE: 's3' });
  if (s.kind !== 's3') throw new Error('unreachable: STORAGE forced to s3');
  return new S3Storage(s);
}

export function registerStorageCommands(program: Command, env: EnvFactory): void {
  program
    .command('storage')
    .description('where uploaded files are kept')
    .command('migrate')
    .description('copy every local upload to the object store (S3_* settings), verified by size and SHA-256')
    .addOption(new Option('--to <store>', 'target store').choices(['s3']).makeOptionMandatory())
    .option('--dry-run', 'list the files that would be copied, copy nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement storage migrate --to s3 --dry-run\n  $ recrutement storage migrate --to s3',
    )
    .action(async (opts: { dryRun?: boolean }) => {
      const e = env();
      const store = await targetStore();
      const progress = createProgress(e, 'Copy uploads', 'files');
      let report: StorageMigrationReport;
      try {
        const { migrateStorageToS3 } = await import('../../domain/files/migrate-storage.ts');
        report = await migrateStorageToS3(e.runtime().config.uploadDir, store, {
          dryRun: Boolean(opts.dryRun),
          onProgress: (p) => progress.update(p.done, p.total),
        });
      } finally {
        progress.stop();
        store.destroy();
      }
      printReport(e, report);
      if (report.failed.length) throw new Error(`${report.failed.length} file(s) were not copied; run again`);
    });
}

function printReport(e: CommandEnv, report: StorageMigrationReport): void {
  e.output.result(report, () => {
    for (const f of report.failed) e.output.out(e.output.color.red(`failed ${f.key}: ${f.reason}`));
    const copied = `${report.copied.length} ${report.dryRun ? 'to copy' : 'copied'}`;
    const summary = `${report.files} file(s), ${report.bytes} bytes: ${copied}, ${report.alreadyThere} already in the store, ${report.failed.length} failed`;
    e.output.out(
      report.dryRun ? e.output.color.yellow(`Dry run: ${summary}`) : e.output.color.green(summary),
    );
  });
}
