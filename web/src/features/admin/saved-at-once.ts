import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../queries/failure.ts';

/**
 * A choice saved as soon as it is made (a switch, a radio): it shows at once, and the one before
 * comes back if the service refuses, with the refusal in a toast.
 */
export function useSavedAtOnce<Saved, Change>(options: {
  queryKey: readonly unknown[];
  save: (change: Change) => Promise<Saved>;
  /** What the page shows while the service answers. */
  shown: (before: Saved, change: Change) => Saved;
  onSaved: (saved: Saved, change: Change) => void;
}) {
  const queryClient = useQueryClient();
  const { queryKey } = options;
  return useMutation({
    mutationFn: options.save,
    onMutate: async (change: Change) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Saved>(queryKey);
      if (before) queryClient.setQueryData<Saved>(queryKey, options.shown(before, change));
      return { before };
    },
    onSuccess: (saved, change) => {
      queryClient.setQueryData(queryKey, saved);
      options.onSaved(saved, change);
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) });
    },
  });
}
