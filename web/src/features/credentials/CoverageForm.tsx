import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { notifyDone } from '../../lib/notices.ts';
import {
  changeCoverage,
  countiesQuery,
  type AppraiserCoverage,
  type County,
} from '../../queries/credentials.ts';
import { sendForm } from '../../queries/form-errors.ts';

const LABELS = {
  counties: 'The counties',
  zips: 'The ZIP codes',
  latitude: 'The latitude',
  longitude: 'The longitude',
  radius_miles: 'The radius',
};

const countyLabel = (county: County) => `${county.name}, ${county.state}`;

/**
 * Where the appraiser takes orders: counties of a state chosen by name (any state's, one state at
 * a time), ZIP codes, and a home with a radius; on a phone, the home can be where they stand.
 */
export function CoverageForm({
  appraiserId,
  coverage,
  firstState,
  onDone,
}: {
  appraiserId: string;
  coverage: AppraiserCoverage;
  firstState: string;
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState(coverage.counties[0]?.state ?? firstState);
  const [locating, setLocating] = useState(false);
  const counties = useQuery({ ...countiesQuery(state), enabled: /^[A-Za-z]{2}$/.test(state) });
  const form = useForm({
    initialValues: {
      counties: coverage.counties.map((county) => county.fips),
      zips: coverage.zips,
      latitude: (coverage.home?.latitude ?? '') as number | string,
      longitude: (coverage.home?.longitude ?? '') as number | string,
      radius_miles: (coverage.radius_miles ?? '') as number | string,
    },
  });
  // The counties chosen stay choices when another state's are listed.
  const known = new Map(coverage.counties.map((county) => [county.fips, countyLabel(county)]));
  for (const county of counties.data ?? []) known.set(county.fips, countyLabel(county));
  const choices = [...known].map(([value, label]) => ({ value, label }));

  const locate = () => {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.setFieldValue('latitude', Number(position.coords.latitude.toFixed(6)));
        form.setFieldValue('longitude', Number(position.coords.longitude.toFixed(6)));
        setLocating(false);
      },
      () => {
        setFailure('The browser did not give a location: type the latitude and longitude instead.');
        setLocating(false);
      },
    );
  };

  const submit = form.onSubmit(async (values) => {
    const home =
      values.latitude === '' || values.longitude === ''
        ? null
        : { latitude: Number(values.latitude), longitude: Number(values.longitude) };
    const kept = await sendForm(
      () =>
        changeCoverage(appraiserId, {
          counties: values.counties,
          zips: values.zips.map((zip) => zip.trim()),
          home,
          radius_miles: values.radius_miles === '' ? null : Number(values.radius_miles),
        }),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!kept) return;
    notifyDone('Coverage kept', 'Orders in these places can be offered to you.');
    onDone();
  });

  return (
    <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate aria-label="Coverage">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label="State"
            description="Its two-letter code"
            maxLength={2}
            value={state}
            onChange={(event) => setState(event.currentTarget.value.toUpperCase())}
          />
          <MultiSelect
            label="Counties"
            description="Type to find one"
            data={choices}
            searchable
            hidePickedOptions
            style={{ gridColumn: 'span 2' }}
            {...form.getInputProps('counties')}
          />
        </SimpleGrid>
        <TagsInput
          label="ZIP codes"
          description="5 digits each; press Enter after each"
          splitChars={[',', ' ']}
          {...form.getInputProps('zips')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput
            label="Home latitude"
            decimalScale={6}
            min={-90}
            max={90}
            {...form.getInputProps('latitude')}
          />
          <NumberInput
            label="Home longitude"
            decimalScale={6}
            min={-180}
            max={180}
            {...form.getInputProps('longitude')}
          />
          <NumberInput
            label="Radius in miles"
            description="Orders this near home"
            min={1}
            max={500}
            allowDecimal={false}
            {...form.getInputProps('radius_miles')}
          />
        </SimpleGrid>
        <Group>
          <Button variant="default" onClick={locate} loading={locating}>
            Use my location as home
          </Button>
        </Group>
        <FormFailure title="The coverage was not kept" failure={failure} />
        <FormButtons onCancel={onDone} submitting={form.submitting} submit="Keep this coverage" />
      </Stack>
    </form>
  );
}
