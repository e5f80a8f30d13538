import { lazy, Suspense, type ComponentProps } from 'react';
import type { ActionDialog } from './ActionDialog.tsx';

/**
 * An action's dialog, fetched when it is first opened (or when the pointer or focus reaches a
 * button that opens it: call loadActionDialog then). Its forms, file picker and uploads weigh
 * on no page until someone acts; on a slow phone that is a shorter wait before the page answers.
 */
export const loadActionDialog = () => import('./ActionDialog.tsx');

/** A button's handlers that fetch the dialog as the pointer or focus reaches it: there by the click. */
export const fetchesActionDialog = {
  onPointerEnter: () => void loadActionDialog(),
  onFocus: () => void loadActionDialog(),
};

const Dialog = lazy(async () => ({ default: (await loadActionDialog()).ActionDialog }));

export function LazyActionDialog(props: ComponentProps<typeof ActionDialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
