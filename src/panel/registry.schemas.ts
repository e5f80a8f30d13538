import { Type, type Static } from 'typebox';
import { Binary, Id, Nullable } from '../schemas/common.ts';

/** An import of the ASC National Registry's export (docs/assignment.md, "The license registry"). */
export const RegistryImport = Type.Object(
  {
    id: Id(),
    file_name: Type.String(),
    lines: Type.Integer({ description: 'Licenses in the file' }),
    added: Type.Integer({ description: 'Licenses the registry gave for the first time' }),
    changed: Type.Integer({ description: 'Licenses whose status, expiry, name or address changed' }),
    unchanged: Type.Integer(),
    imported_by: Nullable(Type.Object({ id: Id(), name: Type.String() })),
    imported_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'RegistryImport', description: 'An import of the ASC National Registry, with what it found' },
);

export const RegistryImportBody = Type.Object(
  { file: Binary },
  {
    $id: 'RegistryImportRequest',
    description: "The registry's tab-delimited export, in `file`",
  },
);

export type RegistryImportView = Static<typeof RegistryImport>;
