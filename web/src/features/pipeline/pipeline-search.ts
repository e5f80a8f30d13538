import type { ViewSearch } from '../../queries/order-lists.ts';
import type { ViewChoice } from '../lists/SavedViews.tsx';

/** The pipeline's address: the queue, the table or the board, the page, the client, the saved view. */
export type PipelineSearch = {
  queue?: string | undefined;
  view?: 'board' | undefined;
  page?: number | undefined;
  client?: string | undefined;
  saved?: string | undefined;
};

/** What a saved view of the pipeline keeps: the queue shown and the client filter. */
export const viewSearchOf = (queue: string | undefined, client: string | undefined): ViewSearch => ({
  ...(queue ? { queue } : {}),
  ...(client ? { client_id: client } : {}),
});

/**
 * The address a choice of view leads to: a saved view's queue and client (the table or the
 * board stays as it was); no view, the queue shown of every client.
 */
export const searchOfChoice = (choice: ViewChoice): Partial<PipelineSearch> =>
  choice.kind === 'saved'
    ? {
        queue: choice.view.search.queue,
        client: choice.view.search.client_id,
        saved: choice.view.id,
        page: undefined,
      }
    : { client: undefined, saved: undefined, page: undefined };
