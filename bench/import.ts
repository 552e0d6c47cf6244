/**
 * Talent-pool import at scale, in a scratch database `recrutement_bench_import` (dropped at the
 * end), each run giving rows per second and peak memory (RSS sampled every 20 ms, against the RSS
 * before the import):
 * 1. a 100,000-row UTF-8 CSV through the import function;
 * 2. the same file with LOAD DATA LOCAL INFILE into a scratch table, for comparison (the server's
 *    bulk loader: no per-row checks, no duplicate accounting, no resume);
 * 3. the same rows as French Excel's Windows-1252 CSV, and as an .xlsx workbook (written with
 *    exceljs's streaming writer, shared strings as Excel writes them, phones typed as numbers);
 *    and as an OpenDocument spreadsheet (.ods, laid out as LibreOffice Calc saves it: the
 *    mimetype stored first, content.xml deflated, phones typed as numbers, notes on two lines as
 *    two paragraphs);
 * 4. the four again on 1,000,000 rows, to show that memory stays flat. Building and reading a
 *    1,000,000-row workbook takes minutes: `--xlsx-big 0` and `--ods-big 0` leave them out.
 *
 *   node --import tsx bench/import.ts [--rows 100000] [--big 1000000] [--xlsx-rows 100000] [--xlsx-big 1000000]
 *     [--ods-rows 100000] [--ods-big 1000000]
 */
import os from 'node:os';
import path from 'node:path';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import ExcelJS from 'exceljs';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import iconv from 'iconv-lite';
import { connectionFromUrl, createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { migrateLatest } from '../lib/migrator.ts';
import { LocalStorage } from '../lib/storage.ts';
import { runVivierImport } from '../domain/viviers/run-vivier-import.ts';
import type { Ctx } from '../domain/context.ts';
import { numberArg } from './lib/args.ts';
import { systemCtx } from './lib/context.ts';
import { benchDatabaseUrl, recreateDatabase } from './lib/database.ts';

const DATABASE_URL = benchDatabaseUrl('recrutement_bench_import');

const ROWS = numberArg('rows', 100_000);
const BIG = numberArg('big', 1_000_000);
const XLSX_ROWS = numberArg('xlsx-rows', ROWS);
const XLSX_BIG = numberArg('xlsx-big', BIG);
const ODS_ROWS = numberArg('ods-rows', ROWS);
const ODS_BIG = numberArg('ods-big', BIG);

const NOMS = [
  'Mbarga',
  'Nkoulou',
  'Eto’o',
  'Biya',
  'Essomba',
  'Fotso',
  'Tchoumi',
  'Ngo Bassa',
  'Abena',
  'Kamga',
  'Ndongo',
  'Atangana',
];
const PRENOMS = [
  'Aline',
  'Paul',
  'Samuel',
  'Brigitte',
  'Joseph',
  'Grâce',
  'Hervé',
  'Chantal',
  'Yannick',
  'Estelle',
];
const TAGS = [
  'java',
  'sql',
  'comptabilité',
  'vente',
  'rh',
  'logistique',
  'anglais',
  'permis C',
  'excel',
  'marketing',
];

const HEADER = ['email', 'nom', 'prenom', 'telephone', 'tags', 'notes'];

/** Row i: about 1% bad emails, 1% emails repeated, some notes on two lines. */
function person(i: number): string[] {
  const email =
    i % 100 === 37
      ? `pas-un-email-${i}`
      : i % 100 === 71
        ? `personne${i - 1}@bench.example.cm`
        : `personne${i}@bench.example.cm`;
  const notes = i % 10 === 0 ? 'Vu au salon, "très bon" profil\r\nà rappeler' : '';
  return [
    email,
    NOMS[i % NOMS.length]!,
    PRENOMS[i % PRENOMS.length]!,
    `+237 67${String(i).padStart(7, '0')}`,
    `${TAGS[i % 10]}|${TAGS[(i + 3) % 10]}`,
    notes,
  ];
}

const csvCell = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Writes a `;` CSV, CRLF: UTF-8 with a BOM, or Windows-1252 as French Excel saves it. */
async function writeCsv(
  file: string,
  rows: number,
  encoding: 'utf-8' | 'windows-1252' = 'utf-8',
): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    const bytes = encoding === 'utf-8' ? text : iconv.encode(text, encoding);
    if (!out.write(bytes)) await once(out, 'drain');
  };
  await write(`${encoding === 'utf-8' ? '\uFEFF' : ''}${HEADER.join(';')}\r\n`);
  for (let i = 0; i < rows; i++) await write(`${person(i).map(csvCell).join(';')}\r\n`);
  out.end();
  await once(out, 'finish');
}

/** Writes an .xlsx with exceljs's streaming writer: shared strings, phones typed as numbers. */
async function writeXlsx(file: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = wb.addWorksheet('Candidats');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) {
    const row = person(i);
    sheet.addRow([row[0], row[1], row[2], 670000000 + i, row[4], row[5]?.replace(/\r\n/g, '\n')]).commit();
  }
  sheet.commit();
  await wb.commit();
}

const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ODS_NS = ['office', 'table', 'text']
  .map((p) => `xmlns:${p}="urn:oasis:names:tc:opendocument:xmlns:${p}:1.0"`)
  .join(' ');

/** One row of content.xml: a text cell per value (each line a paragraph), the phone as a number. */
function odsRow(values: string[], phone: number | null): string {
  const cells = values.map((v, i) =>
    i === 3 && phone !== null
      ? `<table:table-cell office:value-type="float" office:value="${phone}"><text:p>${phone}</text:p></table:table-cell>`
      : v === ''
        ? '<table:table-cell/>'
        : `<table:table-cell office:value-type="string">${v
            .split(/\r?\n/)
            .map((line) => `<text:p>${xmlText(line)}</text:p>`)
            .join('')}</table:table-cell>`,
  );
  return `<table:table-row>${cells.join('')}<table:table-cell table:number-columns-repeated="1018"/></table:table-row>`;
}

/** Writes an .ods with fflate's streaming Zip, as Calc lays it out, its padding rows included. */
async function writeOds(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.write(chunk);
    if (final) out.end();
  });
  const mimetype = new ZipPassThrough('mimetype');
  zip.add(mimetype);
  mimetype.push(strToU8('application/vnd.oasis.opendocument.spreadsheet'), true);
  const content = new ZipDeflate('content.xml', { level: 6 });
  zip.add(content);
  let pending = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODS_NS}><office:body><office:spreadsheet><table:table table:name="Candidats">${odsRow(HEADER, null)}`;
  for (let i = 0; i < rows; i++) {
    const row = person(i);
    pending += odsRow(row, 670000000 + i);
    if (i % 1000 === 999) {
      content.push(strToU8(pending));
      pending = '';
      if (out.writableLength > 16 * 1024 * 1024) await once(out, 'drain');
    }
  }
  pending +=
    '<table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
    '</table:table></office:spreadsheet></office:body></office:document-content>';
  content.push(strToU8(pending), true);
  zip.end();
  await once(out, 'finish');
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

async function timedImport(
  ctx: Ctx,
  vivierId: number,
  storage: LocalStorage,
  key: string,
  rows: number,
  label: string,
): Promise<number> {
  const size = statSync(storage.localPath(key)).size;
  const [fileId] = await ctx
    .db('files')
    .insert({ purpose: 'IMPORT', storageKey: key, contentType: 'text/csv', size });
  const [importId] = await ctx.db('vivierImports').insert({ vivierId, fileId, status: 'QUEUED' });
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const profStart = process.hrtime.bigint() / 1000n;
  const t0 = performance.now();
  let batches = 0;
  // Peak RSS over each tenth of the rows: flat memory means these do not grow with the rows read.
  const tenths: number[] = [];
  let tenthPeak = before;
  const progress = await runVivierImport(ctx, importId, {
    onBatch: (p) => {
      batches += 1;
      tenthPeak = Math.max(tenthPeak, process.memoryUsage.rss());
      if (p.totalRows >= ((tenths.length + 1) * rows) / 10) {
        tenths.push(Math.max(tenthPeak, peak));
        tenthPeak = 0;
        peak = before;
      }
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  // Under `node --cpu-prof`, the import's window on the profile's clock (microseconds of the
  // monotonic clock), to read only the import's samples out of the whole run's profile.
  if (process.execArgv.some((a) => a.startsWith('--cpu-prof')))
    console.log(`  cpu-prof window: ${profStart} ${process.hrtime.bigint() / 1000n}`);
  peak = Math.max(peak, process.memoryUsage.rss(), ...tenths);
  console.log(
    `${label}: ${mb(size)} file, ${progress.totalRows} rows (${progress.importedRows} imported, ${progress.duplicateRows} duplicates, ` +
      `${progress.errorRows} errors) in ${seconds.toFixed(1)} s = ${Math.round(progress.totalRows / seconds)} rows/s, ${batches} batches; ` +
      `RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
  );
  console.log(
    `  peak RSS per tenth of the rows: ${tenths.map((b) => mb(b).replace(' MB', '')).join(' ')} MB`,
  );
  return progress.totalRows / seconds;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'recrutement-bench-import-'));
  await recreateDatabase(DATABASE_URL);
  const db = createKnex(DATABASE_URL, { min: 0, max: 4 });
  try {
    await migrateLatest(db);
    const storage = new LocalStorage(dir);
    const config = loadConfig({ DATABASE_URL, UPLOAD_DIR: dir });
    const ctx = systemCtx(db, { actorId: 'bench:import', config, storage, logLevel: 'warn' });
    const [entrepriseId] = await db('entreprises').insert({ nomEntreprise: 'Bench SA' });

    let pools = 0;
    /** Writes the file, imports it into a new pool: rows per second. */
    const run = async (kind: 'utf-8' | 'windows-1252' | 'xlsx' | 'ods', rows: number): Promise<number> => {
      const key = `import/bench-${kind}-${rows}.${kind === 'xlsx' || kind === 'ods' ? kind : 'csv'}`;
      await storage.put(key, Buffer.alloc(0));
      const t0 = performance.now();
      if (kind === 'xlsx') await writeXlsx(storage.localPath(key), rows);
      else if (kind === 'ods') await writeOds(storage.localPath(key), rows);
      else await writeCsv(storage.localPath(key), rows, kind);
      console.log(
        `  (${kind} file of ${rows} rows written in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      const [vivierId] = await db('viviers').insert({ entrepriseId, nom: `Bench ${(pools += 1)}` });
      const label =
        kind === 'xlsx' || kind === 'ods' ? `.${kind}` : `${kind === 'utf-8' ? 'UTF-8' : 'Windows-1252'} CSV`;
      return timedImport(ctx, vivierId, storage, key, rows, `import function, ${label}, ${rows} rows`);
    };

    // 1. The import function on ROWS rows.
    const small = `import/bench-utf-8-${ROWS}.csv`;
    const importRate = await run('utf-8', ROWS);
    let loadDataRate = 0;

    // 2. The same file with LOAD DATA LOCAL INFILE into a scratch table.
    await db.raw(
      'CREATE TABLE bench_load_data (id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY, email VARCHAR(254), nom VARCHAR(100), prenom VARCHAR(100), ' +
        'telephone VARCHAR(30), tags VARCHAR(500), notes TEXT) DEFAULT CHARSET utf8mb4',
    );
    const conn = await mysql.createConnection({
      ...(connectionFromUrl(DATABASE_URL) as object),
      typeCast: undefined,
      infileStreamFactory: (file: string) => createReadStream(file),
    } as mysql.ConnectionOptions);
    try {
      const t0 = performance.now();
      const [result] = await conn.query(
        "LOAD DATA LOCAL INFILE ? INTO TABLE bench_load_data CHARACTER SET utf8mb4 FIELDS TERMINATED BY ';' OPTIONALLY ENCLOSED BY '\"' " +
          "LINES TERMINATED BY '\\r\\n' IGNORE 1 LINES (email, nom, prenom, telephone, tags, notes)",
        [storage.localPath(small)],
      );
      const seconds = (performance.now() - t0) / 1000;
      const loaded = (result as { affectedRows: number }).affectedRows;
      loadDataRate = loaded / seconds;
      console.log(
        `LOAD DATA LOCAL INFILE, same file: ${loaded} rows in ${seconds.toFixed(1)} s = ${Math.round(loaded / seconds)} rows/s (no checks, no duplicates, no resume)`,
      );
    } finally {
      await conn.end();
    }

    // 3. Windows-1252 CSV, .xlsx and .ods on the same rows.
    await run('windows-1252', ROWS);
    if (XLSX_ROWS > 0) await run('xlsx', XLSX_ROWS);
    if (ODS_ROWS > 0) await run('ods', ODS_ROWS);

    // 4. BIG rows: memory must stay flat.
    if (BIG > 0) {
      await run('utf-8', BIG);
      await run('windows-1252', BIG);
    }
    if (XLSX_BIG > 0) await run('xlsx', XLSX_BIG);
    if (ODS_BIG > 0) await run('ods', ODS_BIG);
    console.log(
      `import: ${Math.round(importRate)} rows/s = ${(importRate / loadDataRate).toFixed(2)}x LOAD DATA`,
    );
  } finally {
    await db.destroy();
    await dropDatabase(DATABASE_URL);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
