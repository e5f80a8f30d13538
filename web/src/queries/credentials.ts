import { formData, type Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** An appraiser's credentials (docs/assignment.md): read by the appraiser and their company's staff. */
export type AppraiserCredentials = Schema<'AppraiserCredentials'>;
export type AppraiserLicense = Schema<'AppraiserLicense'>;
export type EoPolicy = Schema<'EoPolicy'>;
export type LicenseInput = Schema<'AppraiserLicenseRequest'>;
export type EoPolicyInput = Schema<'EoPolicyRequest'>;
export type ProfileChange = Schema<'AppraiserProfileRequest'>;
export type CredentialChange = Schema<'CredentialChange'>;

const credentialsKey = (appraiserId: string) => ['credentials', appraiserId] as const;
const path = (appraiserId: string) => ({ path: { appraiser_id: appraiserId } });
const licensePath = (appraiserId: string, state: string) => ({
  path: { appraiser_id: appraiserId, state },
});

export const credentialsQuery = (appraiserId: string) => ({
  queryKey: credentialsKey(appraiserId),
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/appraisers/{appraiser_id}/credentials', { params: path(appraiserId) })),
});

export const credentialChangesQuery = (appraiserId: string) => ({
  queryKey: [...credentialsKey(appraiserId), 'changes'] as const,
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/appraisers/{appraiser_id}/credential_changes', { params: path(appraiserId) }),
    ),
});

/** Every change makes the credentials and their record stale. */
const refresh = (appraiserId: string) =>
  queryClient.invalidateQueries({ queryKey: credentialsKey(appraiserId) });

async function changed<T>(appraiserId: string, answer: Promise<T>): Promise<T> {
  const result = await answer;
  await refresh(appraiserId);
  return result;
}

export const recordLicense = (appraiserId: string, state: string, body: LicenseInput) =>
  changed(
    appraiserId,
    api
      .PUT('/api/v1/appraisers/{appraiser_id}/licenses/{state}', {
        params: licensePath(appraiserId, state),
        body,
      })
      .then(unwrap),
  );

export const removeLicense = (appraiserId: string, state: string) =>
  changed(
    appraiserId,
    api
      .DELETE('/api/v1/appraisers/{appraiser_id}/licenses/{state}', {
        params: licensePath(appraiserId, state),
      })
      .then(unwrap),
  );

export const verifyLicense = (appraiserId: string, state: string) =>
  changed(
    appraiserId,
    api
      .PUT('/api/v1/appraisers/{appraiser_id}/licenses/{state}/verification', {
        params: licensePath(appraiserId, state),
      })
      .then(unwrap),
  );

export const recordEoPolicy = (appraiserId: string, body: EoPolicyInput) =>
  changed(
    appraiserId,
    api.PUT('/api/v1/appraisers/{appraiser_id}/eo_policy', { params: path(appraiserId), body }).then(unwrap),
  );

export const removeEoPolicy = (appraiserId: string) =>
  changed(
    appraiserId,
    api.DELETE('/api/v1/appraisers/{appraiser_id}/eo_policy', { params: path(appraiserId) }).then(unwrap),
  );

export const verifyEoPolicy = (appraiserId: string) =>
  changed(
    appraiserId,
    api
      .PUT('/api/v1/appraisers/{appraiser_id}/eo_policy/verification', { params: path(appraiserId) })
      .then(unwrap),
  );

export const changeProfile = (appraiserId: string, body: ProfileChange) =>
  changed(
    appraiserId,
    api.PATCH('/api/v1/appraisers/{appraiser_id}/profile', { params: path(appraiserId), body }).then(unwrap),
  );

export type AppraiserCoverage = Schema<'AppraiserCoverage'>;
export type CoverageInput = Schema<'AppraiserCoverageRequest'>;
export type TimeOff = Schema<'TimeOff'>;
export type TimeOffInput = Schema<'TimeOffRequest'>;
export type County = Schema<'CoverageCounty'>;

export const coverageQuery = (appraiserId: string) => ({
  queryKey: [...credentialsKey(appraiserId), 'coverage'] as const,
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/appraisers/{appraiser_id}/coverage', { params: path(appraiserId) })),
});

export const timeOffQuery = (appraiserId: string) => ({
  queryKey: [...credentialsKey(appraiserId), 'time_off'] as const,
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/appraisers/{appraiser_id}/time_off', { params: path(appraiserId) })),
});

/** A state's counties: they never change while the page is open. */
export const countiesQuery = (state: string) => ({
  queryKey: ['counties', state] as const,
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/states/{state}/counties', { params: { path: { state } } })),
  staleTime: Infinity,
});

export const changeCoverage = (appraiserId: string, body: CoverageInput) =>
  changed(
    appraiserId,
    api.PUT('/api/v1/appraisers/{appraiser_id}/coverage', { params: path(appraiserId), body }).then(unwrap),
  );

export const addTimeOff = (appraiserId: string, body: TimeOffInput) =>
  changed(
    appraiserId,
    api.POST('/api/v1/appraisers/{appraiser_id}/time_off', { params: path(appraiserId), body }).then(unwrap),
  );

export const removeTimeOff = (appraiserId: string, timeOffId: string) =>
  changed(
    appraiserId,
    api
      .DELETE('/api/v1/appraisers/{appraiser_id}/time_off/{time_off_id}', {
        params: { path: { appraiser_id: appraiserId, time_off_id: timeOffId } },
      })
      .then(unwrap),
  );

export type AppraiserDocument = Schema<'AppraiserDocument'>;
export type DocumentKind = AppraiserDocument['kind'];

export const documentsQuery = (appraiserId: string) => ({
  queryKey: [...credentialsKey(appraiserId), 'documents'] as const,
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/appraisers/{appraiser_id}/documents', { params: path(appraiserId) })),
});

/** Uploads a document as multipart: the file, its kind and its last valid day. */
export const addDocument = (
  appraiserId: string,
  body: { kind: DocumentKind; expires_on: string; file: File },
) =>
  changed(
    appraiserId,
    api
      .POST('/api/v1/appraisers/{appraiser_id}/documents', {
        params: path(appraiserId),
        body: {
          kind: body.kind,
          file: body.file,
          ...(body.expires_on ? { expires_on: body.expires_on } : {}),
        },
        bodySerializer: formData,
      })
      .then(unwrap),
  );

export const removeDocument = (appraiserId: string, documentId: string) =>
  changed(
    appraiserId,
    api
      .DELETE('/api/v1/appraisers/{appraiser_id}/documents/{document_id}', {
        params: { path: { appraiser_id: appraiserId, document_id: documentId } },
      })
      .then(unwrap),
  );
