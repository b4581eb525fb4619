import { describe, expect, it } from '@jest/globals';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { getAjv } from '../../src/schema/getAjv.js';
import { linearUrlFormat } from '../../src/schema/linearUrlFormat.js';

/** ajv-formats' own `url` expression: the language {@link linearUrlFormat} must accept. */
const REFERENCE = fullFormats.url as RegExp;

const piece = fc.constantFrom(
  'http://',
  'HTTPS://',
  'ftp://',
  'ftps://',
  'a',
  'Z',
  'é',
  '-',
  '.',
  ':',
  '@',
  '/',
  ' ',
  '\u00a0',
  '\u2028',
  '?',
  '#',
  '%20',
  '0',
  '1',
  '2',
  '5',
  '9',
  '10',
  '16',
  '31',
  '32',
  '100',
  '127',
  '160',
  '168',
  '169',
  '172',
  '192',
  '223',
  '224',
  '254',
  '255',
  '256',
  '.com',
  'ex',
  '.co.uk',
  ':80',
  ':8',
);
const candidate = fc.oneof(
  fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join('')),
  fc
    .tuple(
      fc.constantFrom('http://', 'ftp://', 'http://u:p@'),
      fc.array(
        fc.constantFrom(
          '0',
          '1',
          '2',
          '5',
          '6',
          '7',
          '9',
          '10',
          '127',
          '16',
          '168',
          '169',
          '172',
          '192',
          '254',
          '255',
          '31',
          '32',
        ),
        { minLength: 4, maxLength: 4 },
      ),
      fc.constantFrom('', ':80', '/x', '.com'),
    )
    .map(([scheme, octets, rest]) => `${scheme}${octets.join('.')}${rest}`),
);

describe(linearUrlFormat.name, () => {
  it("accepts exactly what ajv-formats' url expression accepts", () => {
    const fixed = [
      'http://example.com',
      'http://10.0.0.1',
      'http://100.0.0.1',
      'http://169.254.1.1',
      'http://192.168.0.1',
      'http://172.16.0.1',
      'http://172.160.0.1',
      'http://10.0.0.1@ex.com',
      'http://1.2.3.255',
      'HTTP://EXAMPLE.COM/x',
    ];
    expect(fixed.map(linearUrlFormat)).toStrictEqual(fixed.map((text) => REFERENCE.test(text)));
    fc.assert(
      fc.property(candidate, (text) => {
        expect(linearUrlFormat(text)).toBe(REFERENCE.test(text));
      }),
      { numRuns: 5000, seed: 9 },
    );
  });

  it('is the url format of both ajv instances, so a hostile input is refused without a quadratic match', () => {
    const hostile = `http://${'::'.repeat(400_000)}!`;
    const results = (['strict', 'lenient'] as const).map((strictness) =>
      getAjv(strictness).compile({ type: 'string', format: 'url' })(hostile),
    );

    expect(results).toStrictEqual([false, false]);
  });
});
