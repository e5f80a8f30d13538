import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref, Success } from '../schemas/common.ts';
import {
  AppraiserCredentials,
  AppraiserLicense,
  AppraiserParams,
  CredentialChange,
  EoPolicy,
  EoPolicyBody,
  LicenseBody,
  LicenseParams,
  ProfileBody,
} from './credential.schemas.ts';
import {
  appraiserCredentials,
  changeProfile,
  confirmEoPolicy,
  confirmLicense,
  credentialChanges,
  recordEoPolicy,
  recordLicense,
  removeEoPolicy,
  removeLicense,
} from './credential.service.ts';

const tags = ['panel'];
/** Lenders never reach an appraiser's credentials (appraiser independence: docs/security.md). */
const roles = ['appraiser', 'staff', 'operator'] as const;

/** An appraiser's credentials (docs/assignment.md, "Credentials"). */
export function registerCredentialRoutes(app: AppInstance, { db, config }: AppDeps): void {
  const { timeZone } = config;
  app.get(
    '/appraisers/:appraiser_id/credentials',
    {
      config: { roles },
      schema: {
        operationId: 'getAppraiserCredentials',
        tags,
        summary: "An appraiser's licenses, errors-and-omissions policy and what the company confirmed",
        description:
          "The appraiser themself, their company's staff and operators; another appraiser or another company's staff get 404.",
        params: AppraiserParams,
        response: { 200: ref(AppraiserCredentials) },
      },
    },
    (request) => appraiserCredentials(db, principalOf(request).user, request.params.appraiser_id, timeZone),
  );
  app.put(
    '/appraisers/:appraiser_id/licenses/:state',
    {
      config: { roles },
      schema: {
        operationId: 'putAppraiserLicense',
        tags,
        summary: "Record an appraiser's license in a state (one per state)",
        description:
          "By the appraiser (never someone acting for them) or their company's staff. Replaces the license recorded in that state; a change of its number, level or dates clears its verification. `state` is a USPS code; one that names no state answers 422.",
        params: LicenseParams,
        body: ref(LicenseBody),
        response: { 200: ref(AppraiserLicense, 'The license, as it now is') },
      },
    },
    (request) =>
      recordLicense(
        db,
        principalOf(request),
        request.params.appraiser_id,
        request.params.state,
        request.body,
        timeZone,
      ),
  );
  app.delete(
    '/appraisers/:appraiser_id/licenses/:state',
    {
      config: { roles },
      schema: {
        operationId: 'deleteAppraiserLicense',
        tags,
        summary: "Remove an appraiser's license in a state",
        description: 'Kept in the credential changes. No license there answers 404.',
        params: LicenseParams,
        response: { 200: ref(Success, 'Removed') },
      },
    },
    async (request) => {
      await removeLicense(db, principalOf(request), request.params.appraiser_id, request.params.state);
      return { success: true as const };
    },
  );
  app.put(
    '/appraisers/:appraiser_id/licenses/:state/verification',
    {
      config: { roles },
      schema: {
        operationId: 'verifyAppraiserLicense',
        tags,
        summary: "Verify a license (the company's staff)",
        description:
          "The company's staff, having checked it with the state or the ASC National Registry. Anyone else gets 403.",
        params: LicenseParams,
        response: { 200: ref(AppraiserLicense, 'The license, verified') },
      },
    },
    (request) =>
      confirmLicense(db, principalOf(request), request.params.appraiser_id, request.params.state, timeZone),
  );
  app.put(
    '/appraisers/:appraiser_id/eo_policy',
    {
      config: { roles },
      schema: {
        operationId: 'putAppraiserEoPolicy',
        tags,
        summary: "Record an appraiser's errors-and-omissions policy",
        description:
          "By the appraiser (never someone acting for them) or their company's staff. Replaces the policy recorded (a renewal); a change clears its verification.",
        params: AppraiserParams,
        body: ref(EoPolicyBody),
        response: { 200: ref(EoPolicy, 'The policy, as it now is') },
      },
    },
    (request) =>
      recordEoPolicy(db, principalOf(request), request.params.appraiser_id, request.body, timeZone),
  );
  app.delete(
    '/appraisers/:appraiser_id/eo_policy',
    {
      config: { roles },
      schema: {
        operationId: 'deleteAppraiserEoPolicy',
        tags,
        summary: "Remove an appraiser's errors-and-omissions policy",
        description: 'Kept in the credential changes. None recorded answers 404.',
        params: AppraiserParams,
        response: { 200: ref(Success, 'Removed') },
      },
    },
    async (request) => {
      await removeEoPolicy(db, principalOf(request), request.params.appraiser_id);
      return { success: true as const };
    },
  );
  app.put(
    '/appraisers/:appraiser_id/eo_policy/verification',
    {
      config: { roles },
      schema: {
        operationId: 'verifyAppraiserEoPolicy',
        tags,
        summary: "Verify an errors-and-omissions policy (the company's staff)",
        description: "The company's staff, having seen the certificate. Anyone else gets 403.",
        params: AppraiserParams,
        response: { 200: ref(EoPolicy, 'The policy, verified') },
      },
    },
    (request) => confirmEoPolicy(db, principalOf(request), request.params.appraiser_id, timeZone),
  );
  app.patch(
    '/appraisers/:appraiser_id/profile',
    {
      config: { roles },
      schema: {
        operationId: 'patchAppraiserProfile',
        tags,
        summary: 'Change what the company confirmed (FHA roster, W-9) and the capacity',
        description:
          "`fha_roster` and `w9_on_file` are the company's staff's to confirm (anyone else naming them gets 403 naming the field); `capacity`, the most open orders at once, is the appraiser's or the staff's.",
        params: AppraiserParams,
        body: ref(ProfileBody),
        response: { 200: ref(AppraiserCredentials, 'The credentials, as they now are') },
      },
    },
    (request) => changeProfile(db, principalOf(request), request.params.appraiser_id, request.body, timeZone),
  );
  app.get(
    '/appraisers/:appraiser_id/credential_changes',
    {
      config: { roles },
      schema: {
        operationId: 'listAppraiserCredentialChanges',
        tags,
        summary: "Every change of an appraiser's credentials, newest first",
        description: 'Who changed what, with the values before and after; the latest 200.',
        params: AppraiserParams,
        response: { 200: Type.Array(ref(CredentialChange), { description: 'The changes, newest first' }) },
      },
    },
    (request) => credentialChanges(db, principalOf(request).user, request.params.appraiser_id),
  );
}
