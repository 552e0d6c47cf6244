/**
 * The imports of a talent pool: their list, newest first, and the report of one (every error,
 * warning and duplicate line as a CSV file). ACTIVE recruiters of the pool's company only; another
 * company's pool or import is a 404. Mounted with the other pool routes (viviers.routes.ts).
 */
import { Readable } from 'node:stream';
import Type from 'typebox';
import { defineRoutes, Raw, route } from '../http/route.ts';
import { Id, PageQuery, StringEnum, pageOf } from '../schemas/common.ts';
import { VivierImportSummary } from '../../domain/shapes/vivier.ts';
import { listVivierImports } from '../../domain/viviers/list-vivier-imports.ts';
import { openVivierImportReport } from '../../domain/viviers/import-report-csv.ts';
import { languageOf } from '../i18n/language.ts';
import { contentDisposition } from './send-file.ts';

const tag = 'Vivier de talents';
const recruteur = ['RECRUTEUR'] as const;
const active =
  'ACTIVE recruiters only (403 ACCOUNT_NOT_ACTIVE otherwise); a pool of another company is a 404.';

const REPORT_EXAMPLE =
  '\uFEFFligne;type;code;colonne;valeur;motif\r\n' +
  '3;erreur;EMAIL_INVALID;email;pas-un-email;email invalide « pas-un-email »\r\n' +
  '4;avertissement;PHONE_EXCEL_NUMBER;telephone;6.99999998E+08;Excel a modifié ce numéro : formatez la colonne en Texte\r\n' +
  '7;doublon;DUPLICATE_EMAIL;email;aline@example.cm;doublon : cet email est déjà dans le vivier (ou sur une ligne précédente)\r\n';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/recruiters/me/viviers/{id}/imports',
    tag,
    summary: 'Imports of a talent pool',
    description:
      'Newest first (sort `createdAt,asc` for the oldest first), paginated. Each import with its state and counters; ' +
      `GET /recruiters/me/viviers/imports/{importId} has its first lines, report.csv every one. ${active}`,
    access: recruteur,
    scopes: ['viviers:read'],
    envelope: false,
    params: Type.Object({ id: Id }),
    query: Type.Object(PageQuery),
    response: pageOf(VivierImportSummary),
    handler: ({ ctx, koa, params, query }) => listVivierImports(ctx, params.id, query, languageOf(koa)),
  }),
  route({
    method: 'get',
    path: '/recruiters/me/viviers/{id}/imports/{importId}/report.csv',
    tag,
    summary: 'Report of an import, as a CSV file',
    description:
      'Every line of the file that was refused (`erreur`/`error`), imported with a value changed or left out ' +
      '(`avertissement`/`warning`) or already in the pool (`doublon`/`duplicate`), in file order, however many: ' +
      'line (the header being line 1), kind, code, column, value concerned and reason. Headers, kinds and reasons are in ' +
      'the language of Accept-Language. UTF-8 with a BOM and CRLF, so Excel opens accents right; `;` in French and `,` in ' +
      'English unless `separator` says otherwise. A cell starting with `=`, `+`, `-`, `@`, tab or carriage return is ' +
      `prefixed with \`'\` so a spreadsheet never runs it as a formula. Downloaded as an attachment; an import still ` +
      `running gives the lines committed so far. ${active}`,
    access: recruteur,
    scopes: ['viviers:read'],
    envelope: false,
    produces: 'text/csv',
    params: Type.Object({ id: Id, importId: Id }),
    query: Type.Object({
      separator: Type.Optional(
        StringEnum(['semicolon', 'comma'], {
          description: 'cell separator; default `semicolon` in French, `comma` in English',
        }),
      ),
    }),
    response: Type.String({
      format: 'binary',
      description: 'the report (text/csv; charset=utf-8, with a BOM)',
      examples: [REPORT_EXAMPLE],
    }),
    handler: async ({ ctx, koa, params, query }) => {
      const report = await openVivierImportReport(ctx, params.id, params.importId, {
        langue: languageOf(koa),
        separator: query.separator,
      });
      koa.status = 200;
      koa.set('Cache-Control', 'private, no-store');
      koa.set('X-Content-Type-Options', 'nosniff');
      koa.set('Content-Disposition', contentDisposition('attachment', report.fileName));
      koa.vary('Authorization');
      koa.body = Readable.from(report.text);
      // Setting a stream body makes Koa guess the type: this one is CSV.
      koa.type = 'text/csv; charset=utf-8';
      return Raw.instance;
    },
  }),
]);
