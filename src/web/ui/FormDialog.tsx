import { useState } from 'react';
import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

export type FormField<T> = {
  key: keyof T & string;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'date' | 'boolean' | 'select' | 'combobox';
  options?: { value: string | number; label: string }[];
  required?: boolean;
  readOnly?: boolean;
  min?: number;
  max?: number;
  step?: number;
};

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The popup form of the grid (add and edit): required fields, Save disabled while saving, errors kept visible. */
export function FormDialog<T>({
  title,
  fields,
  initial,
  onSave,
  onCancel,
}: {
  title: string;
  fields: FormField<T>[];
  initial: T;
  onSave: (values: T) => Promise<void>;
  onCancel: () => void;
}) {
  const s = useStyles();
  const [values, setValues] = useState<Record<string, unknown>>({ ...(initial as Record<string, unknown>) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (k: string, v: unknown) => setValues((x) => ({ ...x, [k]: v }));

  const submit = async () => {
    const errs: Record<string, string> = {};
    for (const f of fields) {
      const v = values[f.key];
      if (f.required && empty(v)) errs[f.key] = `${f.label} is required`;
      if (f.type === 'number' && !empty(v)) {
        const n = Number(v);
        if (Number.isNaN(n)) errs[f.key] = `${f.label} must be a number`;
        else if (f.min !== undefined && n < f.min) errs[f.key] = `${f.label} must be at least ${f.min}`;
        else if (f.max !== undefined && n > f.max) errs[f.key] = `${f.label} must be at most ${f.max}`;
      }
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(values as T);
    } catch (e) {
      setFailure((e as Error).message || 'Something went wrong...');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !saving && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <form
              className={s.form}
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              {failure ? (
                <MessageBar intent="error">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              ) : null}
              {fields.map((f) => {
                const v = values[f.key];
                const common = {
                  validationMessage: errors[f.key],
                  validationState: errors[f.key] ? ('error' as const) : ('none' as const),
                  required: f.required,
                  label: f.label,
                };
                switch (f.type) {
                  case 'textarea':
                    return (
                      <Field key={f.key} {...common}>
                        <Textarea
                          value={(v as string) ?? ''}
                          readOnly={f.readOnly}
                          onChange={(_, d) => set(f.key, d.value)}
                        />
                      </Field>
                    );
                  case 'boolean':
                    return (
                      <Field key={f.key} {...common}>
                        <Switch
                          checked={!!v}
                          disabled={f.readOnly}
                          onChange={(_, d) => set(f.key, d.checked)}
                        />
                      </Field>
                    );
                  case 'select':
                  case 'combobox': {
                    const selected = f.options?.find((o) => String(o.value) === String(v));
                    const onSelect = (val: string | undefined) => {
                      const opt = f.options?.find((o) => String(o.value) === val);
                      set(f.key, opt ? opt.value : undefined);
                    };
                    return (
                      <Field key={f.key} {...common}>
                        {f.type === 'select' ? (
                          <Dropdown
                            value={selected?.label ?? ''}
                            selectedOptions={selected ? [String(selected.value)] : []}
                            disabled={f.readOnly}
                            onOptionSelect={(_, d) => onSelect(d.optionValue)}
                          >
                            {f.options?.map((o) => (
                              <Option key={String(o.value)} value={String(o.value)}>
                                {o.label}
                              </Option>
                            ))}
                          </Dropdown>
                        ) : (
                          <Combobox
                            defaultValue={selected?.label ?? ''}
                            selectedOptions={selected ? [String(selected.value)] : []}
                            disabled={f.readOnly}
                            onOptionSelect={(_, d) => onSelect(d.optionValue)}
                          >
                            {f.options?.map((o) => (
                              <Option key={String(o.value)} value={String(o.value)}>
                                {o.label}
                              </Option>
                            ))}
                          </Combobox>
                        )}
                      </Field>
                    );
                  }
                  default:
                    return (
                      <Field key={f.key} {...common}>
                        <Input
                          type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
                          value={
                            v === undefined || v === null
                              ? ''
                              : String(v).slice(0, f.type === 'date' ? 10 : undefined)
                          }
                          readOnly={f.readOnly}
                          min={f.min}
                          max={f.max}
                          step={f.step}
                          onChange={(_, d) =>
                            set(
                              f.key,
                              f.type === 'number' ? (d.value === '' ? null : Number(d.value)) : d.value,
                            )
                          }
                        />
                      </Field>
                    );
                }
              })}
              <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
            </form>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={saving}>
              Close
            </Button>
            <Button
              appearance="primary"
              onClick={() => void submit()}
              disabled={saving}
              icon={saving ? <Spinner size="tiny" /> : undefined}
            >
              Save
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
