import './SelectField.css';

export type SelectFieldOption<T extends string> = { readonly value: T; readonly label: string };

export type SelectFieldProps<T extends string> = {
  'aria-label': string;
  value: T | undefined;
  options: readonly SelectFieldOption<T>[];
  onChange: (value: T | undefined) => void;
  /** shown while nothing is chosen, and the choice that clears it (antd Select's `allowClear`) */
  placeholder?: string;
  className?: string;
};

/**
 * A compact choice in a toolbar, drawn like antd's Select (middle size) on the browser's own `<select>`: antd's Select
 * brings rc-select, its virtual list and overflow (about 17 KiB gzip) to every page it is on, for lists of a few
 * choices the browser's own menu shows as well (and in the page's color scheme).
 */
export const SelectField = <T extends string>({
  value,
  options,
  onChange,
  placeholder,
  className,
  ...rest
}: SelectFieldProps<T>) => (
  <span className={['select-field', className].filter(Boolean).join(' ')}>
    <select
      aria-label={rest['aria-label']}
      className={value === undefined ? 'select-field__control select-field__control--empty' : 'select-field__control'}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as T))}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </span>
);
