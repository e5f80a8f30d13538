import { Anchor, Button, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { humanize } from '../../lib/format.ts';
import type { ReportSubmission } from '../../queries/reports.ts';

type Photo = ReportSubmission['photos'][number];

/** `DwellingFront` → "Dwelling front". */
const categoryWords = (category: string) =>
  humanize(category.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/** The caption the appraiser wrote, else the photo's category in words ("Dwelling front"). */
const nameOf = (photo: Photo) =>
  photo.caption ?? (photo.category ? categoryWords(photo.category) : `Photo ${photo.position}`);

/**
 * The report's photos beside what the service read: out of its UAD 3.6 package, small enough
 * to glance over (two across on a phone, four on a desktop), each opening whole in a new tab.
 * A report without its package (a bare XML, a MISMO 2.6 file) has its photos in its PDF only.
 */
/** As many as two rows on a desktop, four on a phone: the rest a tap away, not a long scroll. */
const FIRST = 8;

export function ReportPhotos({ photos }: { photos: Photo[] }) {
  const [all, setAll] = useState(false);
  if (photos.length === 0) return null;
  const linked = photos.filter((photo) => photo.link !== null);
  const shown = all ? linked : linked.slice(0, FIRST);
  return (
    <Stack gap="xs" component="section" aria-label="Photos">
      <Title order={4} size="h5">
        Photos ({photos.length})
      </Title>
      {linked.length === 0 ? (
        <Text size="sm" c="dimmed">
          In the report's PDF: the report came without its ZIP package.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {shown.map((photo) => (
            <Anchor key={photo.position} href={photo.link!} target="_blank" rel="noopener" underline="never">
              <Image
                src={photo.link}
                alt={nameOf(photo)}
                loading="lazy"
                h={110}
                fit="cover"
                radius="sm"
                bg="gray.1"
              />
              <Text size="xs" c="dark" mt={4} lineClamp={2}>
                {nameOf(photo)}
              </Text>
            </Anchor>
          ))}
        </SimpleGrid>
      )}
      {linked.length > shown.length && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAll(true)}
          style={{ alignSelf: 'start' }}
        >
          Show all {linked.length} photos
        </Button>
      )}
    </Stack>
  );
}
