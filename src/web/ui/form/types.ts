/** One option of a select or combobox. */
export interface FormOption {
  value: string | number;
  label: string;
}

/** One field of a FormDialog, described as data (the grid's popup form). */
export type FormField<T> = {
  key: keyof T & string;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'date' | 'boolean' | 'select' | 'combobox';
  options?: FormOption[];
  required?: boolean;
  readOnly?: boolean;
  min?: number;
  max?: number;
  step?: number;
};
