import { formData, type paths, type Schema } from '../../../sdk/src/client.ts';
import { orderKey } from './order.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';
import { uploadingClient } from './upload.ts';

/**
 * What hangs on an order besides its own record: notes, files, parties and payments. Each key
 * starts with the order's, so live updates and every action refresh them with it.
 */
const path = (orderId: string) => ({ params: { path: { order_id: orderId } } });

export type Note = Schema<'Note'>;
type Audience = Schema<'Audience'>;
export type OrderFile = Schema<'File'>;

export const notesQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'notes'],
  queryFn: async () => unwrap(await api.GET('/api/v1/orders/{order_id}/notes', path(orderId))),
});

export const filesQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'files'],
  queryFn: async () => unwrap(await api.GET('/api/v1/orders/{order_id}/files', path(orderId))),
});

/** Asked for only by those the API shows payments to (never an appraiser: it would answer 403). */
export const paymentsQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'payments'],
  queryFn: async () => unwrap(await api.GET('/api/v1/orders/{order_id}/payments', path(orderId))),
});

const refresh = (queryKey: readonly unknown[]) => queryClient.invalidateQueries({ queryKey });

export interface NewNote {
  content: string;
  audience: Audience;
  subject?: string;
  important?: boolean;
  emails: string[];
  attachments: File[];
}

/** A note; with attachments as multipart (Rails-style names), else JSON (its array unbracketed). */
export const noteMutation = (orderId: string) => ({
  mutationFn: async ({ emails, attachments, ...fields }: NewNote) =>
    unwrap(
      attachments.length
        ? await api.POST('/api/v1/orders/{order_id}/notes', {
            ...path(orderId),
            body: {
              ...fields,
              ...(emails.length ? { 'additional_emails[]': emails } : {}),
              'attachments[]': attachments,
            },
            bodySerializer: formData,
          })
        : await api.POST('/api/v1/orders/{order_id}/notes', {
            ...path(orderId),
            body: { ...fields, ...(emails.length ? { additional_emails: emails } : {}) },
          }),
    ),
  // Its attachments are files of the order too.
  onSuccess: () => refresh(orderKey(orderId)),
});

export interface Forward {
  noteId: string;
  audience: Audience | null;
  /** The words as HTML (the service sanitizes it). */
  content: string;
  includeAttachments: boolean;
}

export const forwardNoteMutation = (orderId: string) => ({
  mutationFn: async ({ noteId, audience, content, includeAttachments }: Forward) =>
    unwrap(
      await api.POST('/api/v1/orders/{order_id}/notes/{note_id}/forward', {
        params: { path: { order_id: orderId, note_id: noteId } },
        body: { ...(audience ? { audience } : {}), content, include_attachments: includeAttachments },
      }),
    ),
  onSuccess: () => refresh(orderKey(orderId)),
});

/** Staff share a document with others on the order, or keep it from them. */
export const shareFileMutation = (orderId: string) => ({
  mutationFn: async ({ fileId, audience }: { fileId: string; audience: Audience }) =>
    unwrap(
      await api.PATCH('/api/v1/orders/{order_id}/files/{file_id}', {
        params: { path: { order_id: orderId, file_id: fileId } },
        body: { audience },
      }),
    ),
  onSuccess: () => refresh([...orderKey(orderId), 'files']),
});

type UploadBody = NonNullable<
  paths['/api/v1/orders/{order_id}/files']['post']['requestBody']
>['content']['multipart/form-data'];
/** What an upload names as its type (`appraisal_pdf`). */
export type FileTypeSlug = UploadBody['file_type'];

/** One file, sent through XMLHttpRequest for its progress (the API takes one attachment a call). */
export async function uploadFile(
  orderId: string,
  upload: { file: File; type: FileTypeSlug; audience?: Audience },
  onProgress: (fraction: number) => void,
): Promise<OrderFile> {
  const client = uploadingClient(onProgress);
  return unwrap(
    await client.POST('/api/v1/orders/{order_id}/files', {
      ...path(orderId),
      body: {
        attachment: upload.file,
        file_type: upload.type,
        ...(upload.audience ? { audience: upload.audience } : {}),
      },
      bodySerializer: formData,
    }),
  );
}

/** Several files, one request each; the fraction covers them all. */
export const uploadFilesMutation = (orderId: string, onProgress: (fraction: number | null) => void) => ({
  mutationFn: async ({
    files,
    audience,
  }: {
    files: { file: File; type: FileTypeSlug }[];
    audience: Audience;
  }) => {
    try {
      for (const [index, { file, type }] of files.entries())
        await uploadFile(orderId, { file, type, audience }, (fraction) =>
          onProgress((index + fraction) / files.length),
        );
    } finally {
      onProgress(null);
    }
  },
  onSuccess: () => refresh(orderKey(orderId)),
});

export interface NewParty {
  name: string;
  role: string;
  email: string;
  phone: string;
  poc: boolean;
}

export const addPartyMutation = (orderId: string) => ({
  mutationFn: async (party: NewParty) =>
    unwrap(
      await api.POST('/api/v1/orders/{order_id}/parties', {
        ...path(orderId),
        body: {
          party: {
            name: party.name,
            role: party.role,
            poc: party.poc,
            ...(party.email.trim() ? { emails: [party.email.trim()] } : {}),
            ...(party.phone.trim() ? { phones: [party.phone.trim()] } : {}),
          },
        },
      }),
    ),
  onSuccess: () => refresh(orderKey(orderId)),
});

/** How the order is paid (PATCH …/update_payment_method): the client's decision, one the company takes. */
export type PaymentMethod = Schema<'UpdatePaymentMethodRequest'>['payment_method'];

/** Emails the hosted payment page's link to each recipient (422 names each bad address, `emails[1]`). */
export const sendPaymentLink = async (orderId: string, emails: string[]) => {
  unwrap(
    await api.POST('/api/v1/orders/{order_id}/send_payment_link', { ...path(orderId), body: { emails } }),
  );
  // Recorded in the order's history.
  await refresh(orderKey(orderId));
};

export const changePaymentMethod = async (orderId: string, method: PaymentMethod) => {
  unwrap(
    await api.PATCH('/api/v1/orders/{order_id}/update_payment_method', {
      ...path(orderId),
      body: { payment_method: method },
    }),
  );
  await refresh(orderKey(orderId));
};
