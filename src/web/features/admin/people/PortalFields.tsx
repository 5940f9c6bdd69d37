import type { Control } from 'react-hook-form';
import { FormMultiSelect, FormSelect } from '@web/ui/form';
import type { PersonRecord } from './api/person';
import { usePeopleChoices } from './api/choices';
import { optionsOf, unitOptions, type PersonFormValues } from './form';

/** The portal's own fields of a person: practice, office, position, co-management, business units. */
export function PortalFields({
  control,
  person,
}: {
  control: Control<PersonFormValues, any, any>; // any context and transformed output
  person?: PersonRecord;
}) {
  const choices = usePeopleChoices().data;
  const held = (id: number | null | undefined, name: string | null | undefined) => ({
    id: id ?? null,
    name: name ?? null,
  });
  return (
    <>
      <FormSelect
        control={control}
        name="practiceId"
        label="Practice"
        options={optionsOf(choices?.practices, held(person?.practiceId, person?.practiceName))}
      />
      <FormSelect
        control={control}
        name="officeId"
        label="Office"
        options={optionsOf(choices?.offices, held(person?.officeId, person?.officeName))}
      />
      <FormSelect
        control={control}
        name="positionId"
        label="Position"
        options={optionsOf(choices?.positions, held(person?.positionId, person?.positionName))}
      />
      <FormSelect
        control={control}
        name="comanagementId"
        label="Co-management"
        options={optionsOf(choices?.comanagements, held(person?.comanagementId, person?.comanagementName))}
      />
      <FormMultiSelect
        control={control}
        name="businessUnits"
        label="Business units"
        options={unitOptions(choices?.businessUnits, person?.businessUnits)}
      />
    </>
  );
}
