/** Uploads: what each kind of file may be and weigh, and the public addresses of stored files. */
import { expect } from 'chai';
import { MB, MAX_UPLOAD_BYTES, UPLOAD_PURPOSES, UPLOAD_RULES } from '../../domain/files/upload-rules.ts';
import { MIME } from '../../domain/files/detect-content-type.ts';
import { fileUrl, imageRef } from '../../domain/files/file-urls.ts';

describe('Upload rules (unit)', () => {
  it('a CV is a PDF or a Word document of at most 5 MB', () => {
    expect(UPLOAD_RULES.CV.allowed).to.have.members([MIME.pdf, MIME.doc, MIME.docx]);
    expect(UPLOAD_RULES.CV.maxBytes).to.equal(5 * 1024 * 1024);
  });

  it('a photo is a JPEG, PNG or WebP image of at most 2 MB', () => {
    expect(UPLOAD_RULES.PHOTO.allowed).to.have.members(['image/jpeg', 'image/png', 'image/webp']);
    expect(UPLOAD_RULES.PHOTO.maxBytes).to.equal(2 * MB);
  });

  it('a recruiter’s company document is a PDF of at most 10 MB', () => {
    expect(UPLOAD_RULES.DOCUMENT.allowed).to.deep.equal(['application/pdf']);
    expect(UPLOAD_RULES.DOCUMENT.maxBytes).to.equal(10 * MB);
  });

  it('logos and blog covers get resized variants; photos and banners do not', () => {
    expect(UPLOAD_RULES.LOGO.variantWidths).to.deep.equal([128, 256, 512]);
    expect(UPLOAD_RULES.BLOG_COVER.variantWidths).to.deep.equal([600, 1200, 1920]);
    expect('variantWidths' in UPLOAD_RULES.PHOTO).to.equal(false);
    expect('variantWidths' in UPLOAD_RULES.BANNER).to.equal(false);
  });

  it('every image purpose has pixel limits: 16 megapixels and 8,000 pixels a side', () => {
    for (const purpose of ['PHOTO', 'LOGO', 'BANNER', 'BLOG_COVER', 'OTHER'] as const)
      expect(UPLOAD_RULES[purpose].image, purpose).to.deep.equal({ maxPixels: 16_000_000, maxSide: 8000 });
  });

  it('the generic upload lets through the largest limit of all (10 MB), never a CSV import', () => {
    expect(MAX_UPLOAD_BYTES).to.equal(10 * MB);
    expect(UPLOAD_PURPOSES).not.to.include('IMPORT');
    expect(UPLOAD_PURPOSES).to.have.members([
      'CV',
      'PHOTO',
      'LOGO',
      'BANNER',
      'DOCUMENT',
      'BLOG_COVER',
      'OTHER',
    ]);
  });
});

describe('Addresses of stored files (unit)', () => {
  const base = 'https://api.example.cm';

  it('a file is served at /v1/api/files/{id}, a variant with ?size=', () => {
    expect(fileUrl(base, 9)).to.equal('https://api.example.cm/v1/api/files/9');
    expect(fileUrl(base, 9, 256)).to.equal('https://api.example.cm/v1/api/files/9?size=256');
  });

  it('a logo gives its own address and one per variant; it reads as a plain address in v1 answers', () => {
    const ref = imageRef(base, { id: 9, variants: '{"128":"k/128.webp","512":"k/512.webp"}' });
    expect(ref?.url).to.equal('https://api.example.cm/v1/api/files/9');
    expect(ref?.variants).to.deep.equal({
      '128': 'https://api.example.cm/v1/api/files/9?size=128',
      '512': 'https://api.example.cm/v1/api/files/9?size=512',
    });
    expect(JSON.stringify({ logo: ref })).to.equal('{"logo":"https://api.example.cm/v1/api/files/9"}');
  });

  it('no file, no image; a file without variants has none', () => {
    expect(imageRef(base, null)).to.equal(null);
    expect(imageRef(base, { id: 3, variants: null })?.variants).to.deep.equal({});
  });
});
