/**
 * Uploads taken as they arrive (routes whose `upload` has `receive`: the talent-pool import, up to
 * 200 MB): the multipart body is parsed by busboy as it streams in, the `file` part goes to the
 * route's receiver (which stores it, so no temporary file and never the whole file in memory), the
 * text fields are kept for the handler. The request's pace follows the store's (backpressure).
 *
 * - A body whose Content-Length is over the file limit plus room for the fields is a 413 at once;
 *   otherwise the file's bytes are counted and the 413 comes as soon as they pass the limit. Both
 *   state the limit in the caller's language (upload-limit.ts).
 * - A file over the limit, a client that goes away before its body ends, a malformed body: the
 *   receiver's stream fails, so it removes what it stored, and the request fails once it has.
 * - A received file whose request fails afterwards (a field too long, a second file) is discarded.
 */
import { PassThrough } from 'node:stream';
import type Koa from 'koa';
import busboy from 'busboy';
import { bilingual, ValidationError } from '../../domain/errors.ts';
import { UploadTooLargeError } from './upload-limit.ts';
import type { ReceivedUpload } from './route.ts';

/** Room in the body for the part headers and the text fields, beside the file. */
export const FIELDS_ALLOWANCE = 1024 * 1024;
const FIELD_BYTES = 64 * 1024;

export interface StreamedBody<T extends ReceivedUpload> {
  fields: Record<string, string>;
  received: T | null;
}

export type Receiver<T extends ReceivedUpload> = (
  file: PassThrough,
  info: { originalName: string | null; declaredType: string | null },
) => Promise<T>;

/**
 * A multipart body that cannot be read (400 VALIDATION_ERROR): `why` says what is wrong with it, in
 * French then English, when we know; `parserMessage` is the parser's own words about the caller's body.
 */
export function malformedMultipart(why: [string, string] | null, parserMessage = ''): ValidationError {
  const [fr, en] = ['Le corps multipart de la requête est invalide', 'Malformed multipart body'];
  return new ValidationError(
    why ? bilingual(`${fr} : ${why[0]}`, `${en}: ${why[1]}`) : bilingual(fr, en),
    parserMessage,
  );
}

/** What the parser said about a body it could not read, as the details of the refusal. */
const parserWords = (err: unknown) => (err instanceof Error ? err.message : '');

const ONE_FILE: [string, string] = [
  'un seul fichier, dans le champ « file »',
  'one file only, in the field "file"',
];

/** Nobody reads this answer; it is logged as the client's doing, not as a server error. */
class ClientGone extends ValidationError {
  constructor() {
    super(
      bilingual(
        'L’envoi a été interrompu : la connexion a été fermée avant la fin du corps de la requête',
        'The upload was interrupted: the client closed the connection before the end of its body',
      ),
    );
  }
}

/** Parses the request's multipart body, handing its `file` part to `receive` as it arrives. */
export function parseStreamedUpload<T extends ReceivedUpload>(
  koa: Koa.Context,
  maxBytes: number,
  receive: Receiver<T>,
): Promise<StreamedBody<T>> {
  const declared = koa.request.length;
  if (declared !== undefined && declared > maxBytes + FIELDS_ALLOWANCE)
    return Promise.reject(new UploadTooLargeError(maxBytes));
  const req = koa.req;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: FIELD_BYTES, parts: 30 },
      });
    } catch (err) {
      reject(malformedMultipart(null, parserWords(err)));
      return;
    }
    const fields: Record<string, string> = {};
    let receiving: Promise<T> | null = null;
    let body: PassThrough | null = null;
    let failed = false;

    /** Stops everything; answers once the receiver has cleaned up what it stored. */
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      body?.destroy(err instanceof Error ? err : new Error(String(err)));
      req.unpipe(parser);
      // The rest of the body is read and dropped, so the answer reaches the client.
      req.resume();
      const settled = receiving
        ? receiving.then(
            (received) => received.discard().catch(() => undefined),
            () => undefined,
          )
        : Promise.resolve();
      void settled.then(() => reject(err));
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || receiving) {
        stream.resume();
        if (name === 'file') fail(malformedMultipart(ONE_FILE));
        return;
      }
      body = new PassThrough();
      stream.on('limit', () => fail(new UploadTooLargeError(maxBytes)));
      // A truncated body ends the file part with an error: the client's doing, a 400.
      stream.on('error', (err) => fail(malformedMultipart(null, parserWords(err))));
      stream.pipe(body);
      receiving = receive(body, {
        originalName: info.filename ?? null,
        declaredType: info.mimeType ?? null,
      });
      receiving.catch(fail);
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        fail(
          malformedMultipart([
            `le champ « ${name.slice(0, 40)} » dépasse ${FIELD_BYTES} octets`,
            `the field "${name.slice(0, 40)}" is over ${FIELD_BYTES} bytes`,
          ]),
        );
      else fields[name] = value;
    });
    parser.on('filesLimit', () => fail(malformedMultipart(ONE_FILE)));
    parser.on('fieldsLimit', () => fail(malformedMultipart(['trop de champs', 'too many fields'])));
    parser.on('partsLimit', () => fail(malformedMultipart(['trop de parties', 'too many parts'])));
    parser.on('error', (err: unknown) => fail(malformedMultipart(null, parserWords(err))));
    parser.on('close', () => {
      if (failed) return;
      if (!receiving) {
        resolve({ fields, received: null });
        return;
      }
      receiving.then((received) => {
        if (failed) void received.discard().catch(() => undefined);
        else resolve({ fields, received });
      }, fail);
    });
    req.on('aborted', () => fail(new ClientGone()));
    req.on('error', () => fail(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) fail(new ClientGone());
    });
    req.pipe(parser);
  });
}
