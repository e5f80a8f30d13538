import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { SecretShownOnce } from '../../components/SecretShownOnce.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { apiKeysQuery, type ApiKey, type IssuedApiKey } from '../../queries/account.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { ApiKeyRow, keyName, RevokeDialog } from './ApiKeyRow.tsx';
import { IssueKeyForm } from './IssueKeyForm.tsx';

/** A refusal of keys to the user's role (403): the section says so instead of offering the form. */
const refusalOf = (error: unknown) =>
  error instanceof ApiFailure && error.status === 403 ? error.message : null;

/** The user's keys: issue one (shown once, with a copy button), revoke one after confirming. */
export function ApiKeys() {
  const keys = useQuery(apiKeysQuery);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refused = refusal ?? refusalOf(keys.error);
  if (refused)
    return (
      <SectionCard title="API keys">
        <Alert color="gray" title="Your role may not have API keys">
          {refused}
        </Alert>
      </SectionCard>
    );
  return (
    <SectionCard
      title="API keys"
      intro="For programs that call the service in your name (the X-Api-Key header). A key is shown once, when it is issued."
    >
      <IssueKeyForm onIssued={setIssued} onRefused={setRefusal} />
      {issued && (
        <SecretShownOnce
          title="Copy the key now: it will not be shown again"
          label={`New key “${keyName(issued)}”`}
          value={issued.api_key}
          what="The key"
          onDone={() => setIssued(null)}
        >
          The service keeps only a fingerprint of it. If it gets lost, revoke it and issue another.
        </SecretShownOnce>
      )}
      <FormFailure
        title="The keys could not be loaded"
        failure={keys.isError ? failureText(keys.error) : null}
      />
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Your API keys" style={{ listStyle: 'none' }}>
        {keys.isPending &&
          Array.from({ length: 2 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <Skeleton height={62} />
            </li>
          ))}
        {keys.data?.map((key) => (
          <ApiKeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
        ))}
      </Stack>
      {keys.data?.length === 0 && <Text c="dimmed">No API keys yet.</Text>}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </SectionCard>
  );
}
