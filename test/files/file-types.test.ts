import { describe, expect, it } from 'vitest';
import { FILE_TYPE_SLUGS } from '../../src/schemas/file-types.ts';
import { useTestDatabase } from '../helpers/database.ts';

const t = useTestDatabase();

describe('file types', () => {
  it('the input enum and the seeded file_types rows name the same slugs, in the same order', async () => {
    const rows = await t.db.selectFrom('file_types').select('slug').orderBy('position').execute();
    expect(rows.map((r) => r.slug)).toEqual([...FILE_TYPE_SLUGS]);
  });
});
