import { useState } from 'react';
import { failureText } from '../../queries/failure.ts';
import { uploadFile } from '../../queries/order-records.ts';
import type { CheckedFile } from '../../queries/reports.ts';
import { isPackage, SLOTS, type SlotState } from './report-files.ts';

/**
 * Each file of the report, uploaded when chosen with its own progress; a failed one retried
 * alone. The PDF is needed beside a bare XML, not beside a ZIP package (which holds it).
 */
export function useReportFiles(orderId: string) {
  const [slots, setSlots] = useState<Record<string, SlotState>>({});
  const update = (key: string, change: Partial<SlotState>) =>
    setSlots((previous) => ({ ...previous, [key]: { ...previous[key]!, ...change } }));
  const upload = async (key: string, file: File) => {
    const slot = SLOTS.find((s) => s.key === key)!;
    setSlots((previous) => ({ ...previous, [key]: { file, progress: 0, state: 'uploading' } }));
    try {
      const uploaded = await uploadFile(orderId, { file, type: slot.type }, (progress) =>
        update(key, { progress }),
      );
      update(key, { state: 'done', progress: 1, fileId: uploaded.id });
    } catch (error) {
      update(key, { state: 'failed', error: failureText(error) });
    }
  };
  const packaged = slots.xml !== undefined && isPackage(slots.xml.file);
  const needed = SLOTS.filter((slot) => !(slot.key === 'pdf' && packaged));
  const missing = needed.filter((slot) => slots[slot.key]?.state !== 'done');
  /** The uploaded files by id, as the pre-check and the submission name them. */
  const files = (): CheckedFile[] =>
    SLOTS.flatMap((slot) => {
      const state = slots[slot.key];
      return state?.state === 'done' ? [{ file_id: state.fileId!, file_type: slot.type }] : [];
    });
  return { slots, upload, missing, packaged, files };
}
