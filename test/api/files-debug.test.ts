import sharp from 'sharp';
import { agent } from '../helpers/app.ts';
import { createRecruiter } from '../helpers/factories.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { pngBuffer } from '../helpers/file-fixtures.ts';

describe('debug', () => {
  it('x', async () => {
    const owner = await createRecruiter();
    console.log('0');
    const res = await uploadAs(owner.auth, '/recruiters/company/logo', { data: await pngBuffer(600, 300), name: 'logo.png', type: 'image/png' });
    const fileId = Number(res.body.data.logoUrl.split('/').pop());
    console.log('A');
    await agent().get(`/v1/api/files/${fileId}`).buffer(true).parse(binaryParser).expect(200);
    console.log('B');
    const small = await agent().get(`/v1/api/files/${fileId}?size=128`).buffer(true).parse(binaryParser).expect(200);
    console.log('C');
    console.log((await sharp(small.body as Buffer).metadata()).width);
    console.log('D');
  });
});
