import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionForms } from '../../web/action-inputs.plugin.ts';
import { entryOfMessage, filledFields } from '../../web/src/features/actions/action-entries.ts';

/**
 * The action dialogs' forms as web/action-inputs.plugin.ts reads them from the OpenAPI document:
 * a list of entries (a reconsideration's comparables) is a group of fields, sent whole.
 */
const forms = actionForms(
  JSON.parse(readFileSync(new URL('../../sdk/openapi.json', import.meta.url), 'utf8')),
);

describe('action forms from the API', () => {
  it('reads a reconsideration’s deficiencies and comparables as lists of entries, with their limits', () => {
    const form = forms.request_reconsideration_of_value!;
    expect(form.groups.map(({ name, label, maxItems }) => ({ name, label, maxItems }))).toEqual([
      { name: 'deficiencies', label: 'Deficiencies', maxItems: 20 },
      { name: 'comparables', label: 'Comparables', maxItems: 5 },
    ]);
    const comparable = form.inputs.filter((input) => input.group === 'comparables');
    expect(comparable.map(({ name, kind }) => [name, kind])).toEqual([
      ['comparables[][address]', 'text'],
      ['comparables[][sale_price]', 'money'],
      ['comparables[][sale_date]', 'date'],
      ['comparables[][data_source]', 'text'],
      ['comparables[][reason]', 'long-text'],
    ]);
    // The files of a submission are drawn by their picker, not as a list of entries.
    expect(forms.request_submission!.groups).toEqual([]);
  });

  it('sends an entry’s filled fields, and places the service’s messages by them', () => {
    expect(filledFields({ address: ' 412 Lavaca St ', sale_price: '505000', data_source: '  ' })).toEqual({
      address: '412 Lavaca St',
      sale_price: '505000',
    });
    expect(entryOfMessage('comparables[0].data_source', 'comparables')).toEqual({
      index: 0,
      field: 'data_source',
    });
    expect(entryOfMessage('comparables[2][sale_date]', 'comparables')).toEqual({
      index: 2,
      field: 'sale_date',
    });
    expect(entryOfMessage('comparables', 'comparables')).toEqual({});
    expect(entryOfMessage('deficiencies[0].category', 'comparables')).toBeNull();
  });
});
