import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * A text area that grows with what is typed, by CSS (`field-sizing: content`) instead of by
 * measuring itself: Mantine's autosize reads the field's computed style as it mounts, which
 * forced a style recalculation of a whole order page on a slow phone (50 ms of its main thread
 * at Lighthouse's 4× slowdown). It starts `minRows` lines high and stops growing at twenty; a
 * browser without field-sizing shows `minRows` lines and a handle to make it taller.
 */
export function GrowingTextarea({
  minRows = 2,
  ...props
}: Omit<TextareaProps, 'autosize'> & { minRows?: number }) {
  const input = {
    fieldSizing: 'content',
    minHeight: `calc(${minRows}lh + 1rem)`,
    maxHeight: 'calc(20lh + 1rem)',
  } as CSSProperties;
  return <Textarea rows={minRows} resize="vertical" {...props} styles={{ input }} />;
}
