import { expect } from 'chai';
import { jsonArrayColumn, jsonStringsColumn, parseJsonColumn } from '../../lib/json-column.ts';

describe('lib/json-column (unit): JSON columns as MariaDB (text) and MySQL (parsed) return them', () => {
  it('parses text and passes parsed values through; SQL NULL is null', () => {
    expect(parseJsonColumn('{"a":1}')).to.deep.equal({ a: 1 });
    expect(parseJsonColumn({ a: 1 })).to.deep.equal({ a: 1 });
    expect(parseJsonColumn('[1,"x"]')).to.deep.equal([1, 'x']);
    expect(parseJsonColumn(null)).to.equal(null);
    expect(parseJsonColumn(undefined)).to.equal(null);
    expect(parseJsonColumn('null')).to.equal(null);
  });

  it('reads array columns: anything but an array is empty', () => {
    expect(jsonArrayColumn('[{"line":2}]')).to.deep.equal([{ line: 2 }]);
    expect(jsonArrayColumn(['a'])).to.deep.equal(['a']);
    expect(jsonArrayColumn(null)).to.deep.equal([]);
    expect(jsonArrayColumn('{"a":1}')).to.deep.equal([]);
  });

  it('keeps only the strings of a string array', () => {
    expect(jsonStringsColumn('["Node.js", 3, null, "SQL"]')).to.deep.equal(['Node.js', 'SQL']);
    expect(jsonStringsColumn(['a', 'b'])).to.deep.equal(['a', 'b']);
    expect(jsonStringsColumn(null)).to.deep.equal([]);
  });

  it('a malformed text value is an error, not a silent empty value', () => {
    expect(() => parseJsonColumn('{oops')).to.throw(SyntaxError);
  });
});
