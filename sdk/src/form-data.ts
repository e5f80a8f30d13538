/**
 * The body of a multipart operation (request_submission, notes with attachments, file
 * uploads) as FormData, with the field names the service reads. The SDK's types name the
 * fields as the document does, Rails-style: `files[][attachment]` is an array with one entry
 * per file, `files[][file_type]` the same length; `attachments[]` an array of files. Entries of
 * an array of objects are sent indexed (`files[0][attachment]`, `files[0][file_type]`, …) so
 * that each file keeps its own type whatever order the fields are in. An array of plain objects
 * (a reconsideration's `comparables: [{ address, … }]`) is sent the same way, each object's
 * fields indexed: `comparables[0][address]`.
 *
 *   await api.PUT('/api/v1/orders/{order_id}/request_submission', {
 *     params: { path: { order_id } },
 *     body: { 'files[][attachment]': [report], 'files[][file_type]': ['appraisal_pdf'] },
 *     bodySerializer: formData,
 *   });
 */
export function formData(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const element = /^(.*?)\[\]\[(.+)$/.exec(name);
    if (element && Array.isArray(value)) {
      // files[][attachment] → files[0][attachment], files[1][attachment], …
      value.forEach((item, index) => append(form, `${element[1]}[${index}][${element[2]}`, item));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isPlainObject(item))
          for (const [field, inner] of Object.entries(item))
            append(form, `${name}[${index}][${field}]`, inner);
        else append(form, name, item);
      });
    } else append(form, name, value);
  }
  return form;
}

function append(form: FormData, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'file');
  else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Blob) && !Array.isArray(value);
