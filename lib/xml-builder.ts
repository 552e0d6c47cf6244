/**
 * xmlbuilder2's `create`, loaded at the first sitemap or feed: importing it (with its DOM) took
 * about 0.1 s of every process start, though only crawlers and aggregators ask for XML.
 */
import type { create as createDocument } from 'xmlbuilder2';

let loading: Promise<typeof createDocument> | undefined;

export function loadXmlBuilder(): Promise<typeof createDocument> {
  loading ??= import('xmlbuilder2').then((m) => m.create);
  return loading;
}
