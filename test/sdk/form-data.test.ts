import { describe, expect, it } from 'vitest';
import { formData } from '../../sdk/src/index.ts';

/** The SDK's multipart bodies carry the field names the service reads (sdk/src/form-data.ts). */
describe('formData', () => {
  it('numbers the entries of files[][…] and of an array of objects, and repeats attachments[]', () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const form = formData({
      reason: 'alternate_closed_sales',
      'files[][attachment]': [pdf],
      'files[][file_type]': ['appraisal_pdf'],
      'attachments[]': [pdf, pdf],
      comparables: [
        { address: '412 Lavaca St, Austin, TX 78701', sale_price: '505000' },
        { address: '9 Elm St, Austin, TX 78702', sale_price: '498000' },
      ],
      skipped: undefined,
    });
    expect(
      [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : 'file']),
    ).toEqual([
      ['reason', 'alternate_closed_sales'],
      ['files[0][attachment]', 'file'],
      ['files[0][file_type]', 'appraisal_pdf'],
      ['attachments[]', 'file'],
      ['attachments[]', 'file'],
      ['comparables[0][address]', '412 Lavaca St, Austin, TX 78701'],
      ['comparables[0][sale_price]', '505000'],
      ['comparables[1][address]', '9 Elm St, Austin, TX 78702'],
      ['comparables[1][sale_price]', '498000'],
    ]);
  });
});
