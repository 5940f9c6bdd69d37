import { Radio, RadioGroup, type RadioGroupProps, type RadioProps } from '@fluentui/react-components';

export interface NumberChoice {
  value: number;
  label: RadioProps['label'];
}

/** Radios of numbered answers (1 Yes / 2 No…): the chosen number, none while null. */
export function NumberRadios({
  value,
  choices,
  onChoose,
  ...props
}: Omit<RadioGroupProps, 'value' | 'onChange'> & {
  value: number | null | undefined;
  choices: readonly NumberChoice[];
  onChoose: (value: number) => void;
}) {
  return (
    <RadioGroup
      {...props}
      value={value == null ? '' : String(value)}
      onChange={(_, d) => onChoose(Number(d.value))}
    >
      {choices.map((c) => (
        <Radio key={c.value} value={String(c.value)} label={c.label} />
      ))}
    </RadioGroup>
  );
}
