import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { loadConfig } from '../../lib/config.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('.env.example (unit)', () => {
  it("lists every variable of README's configuration table", () => {
    const table = read('README.md').split('## Configuration')[1]!.split('\n### ')[0]!;
    const documented = new Set(
      [...table.matchAll(/^\| (`[A-Z_0-9]+`(?: \/ `[A-Z_0-9]+`)*)/gm)].flatMap((m) =>
        [...m[1]!.matchAll(/`([A-Z_0-9]+)`/g)].map((v) => v[1]!),
      ),
    );
    expect(documented.size).to.be.greaterThan(20);
    const example = new Set([...read('.env.example').matchAll(/^# ([A-Z_0-9]+)=/gm)].map((m) => m[1]!));
    expect([...documented].filter((v) => !example.has(v))).to.deep.equal([]);
  });

  it('its uncommented defaults are what an empty environment gives', () => {
    const defaults = Object.fromEntries(
      [...read('.env.example').matchAll(/^# ([A-Z_0-9]+)=(.*)$/gm)]
        .filter(
          ([, name]) =>
            !['PUBLIC_URL', 'FRONTEND_URL', 'SMTP_URL', 'MONGODB_URL', 'ADMIN_EMAIL'].includes(name!),
        )
        .map(([, name, value]) => [name!, value!]),
    );
    expect(loadConfig(defaults)).to.deep.equal(loadConfig({}));
  });
});
