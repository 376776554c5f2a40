import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_SOURCES } from '../../src/contract/constants';
import { CheckboxField } from '../../src/ui/CheckboxField';
import { Field } from '../../src/ui/Field';
import { FileField } from '../../src/ui/FileField';
import { NumberField } from '../../src/ui/NumberField';
import { PasswordField } from '../../src/ui/PasswordField';
import { SelectField } from '../../src/ui/SelectField';
import { TextArea } from '../../src/ui/TextArea';
import { TextField } from '../../src/ui/TextField';
import { Form } from '../../src/ui/Form';
import { useForm, type FormApi } from '../../src/ui/useForm';

afterEach(cleanup);

describe('Field wiring', () => {
  it('labels the control and links hint and error with aria-describedby', () => {
    render(<TextField label="Email" hint="We never share it" error="Email is invalid" required />);
    const input = screen.getByLabelText(/Email/) as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it', 'Email is invalid']);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Email is invalid');
    // The required marker is visual only; aria-required tells screen readers.
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('is not invalid and has no alert without an error', () => {
    render(<TextField label="City" />);
    const input = screen.getByLabelText('City');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('passes wiring props to a custom control', () => {
    render(<Field label="Custom" error="Bad">{(control) => <input {...control} data-x="1" />}</Field>);
    const input = screen.getByLabelText('Custom');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('data-x')).toBe('1');
  });

  it('can hide the label visually while keeping the name', () => {
    render(<TextField label="Search leads" hideLabel placeholder="Search" />);
    expect(screen.getByRole('textbox', { name: 'Search leads' })).toBeTruthy();
  });
});

describe('PasswordField', () => {
  it('toggles visibility with a labelled button', () => {
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('type')).toBe('button');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });
});

describe('FileField', () => {
  it('shows "No file chosen", then the chosen file name, and reports the files', () => {
    const onFilesChange = vi.fn();
    const onChange = vi.fn();
    render(<FileField label="File" accept=".csv,.xlsx,.xls" onFilesChange={onFilesChange} onChange={onChange} />);
    expect(screen.getByText('No file chosen')).toBeTruthy();
    const input = screen.getByLabelText('File') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.csv,.xlsx,.xls');
    const file = new File(['a,b'], 'leads.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(screen.getByText('leads.csv')).toBeTruthy();
    expect(onFilesChange).toHaveBeenCalledWith([file]);
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('clears the shown name when its form is reset', () => {
    render(
      <form data-testid="form">
        <FileField label="Avatar" />
      </form>,
    );
    const input = screen.getByLabelText('Avatar') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.png')] } });
    expect(screen.getByText('me.png')).toBeTruthy();
    act(() => {
      screen.getByTestId('form').dispatchEvent(new Event('reset'));
    });
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });
});

describe('NumberField', () => {
  it('blocks the minus key when the minimum is 0 and the exponent key always', () => {
    render(<NumberField label="Price" min={0} />);
    const input = screen.getByLabelText('Price');
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
  });

  it('clamps below-minimum and above-maximum values when the field is left', () => {
    const onChange = vi.fn();
    render(<NumberField label="Year built" min={1900} max={2025} maxDigits={4} onChange={onChange} />);
    const input = screen.getByLabelText('Year built') as HTMLInputElement;
    expect(input.min).toBe('1900');
    expect(input.max).toBe('2025');
    fireEvent.change(input, { target: { value: '1850' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1900');
    fireEvent.change(input, { target: { value: '2099' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2025');
    expect(onChange).toHaveBeenCalled();
  });

  it('strips a pasted minus sign when the minimum is 0', () => {
    render(<NumberField label="Bedrooms" min={0} />);
    const input = screen.getByLabelText('Bedrooms') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '-3' } });
    expect(input.value).toBe('3');
  });
});

describe('SelectField, TextArea, CheckboxField', () => {
  it('renders string and object options with a placeholder', () => {
    render(
      <>
        <SelectField label="Lead source" placeholder="Select source" options={LEAD_SOURCES} defaultValue="" />
        <SelectField label="Property type" options={[{ value: 1, label: 'Apartment' }, { value: 2, label: 'Villa', disabled: true }]} />
      </>,
    );
    const source = screen.getByLabelText('Lead source') as HTMLSelectElement;
    expect(Array.from(source.options).map((o) => o.textContent)).toEqual(['Select source', ...LEAD_SOURCES]);
    expect(source.value).toBe('');
    const type = screen.getByLabelText('Property type') as HTMLSelectElement;
    expect(Array.from(type.options).map((o) => [o.value, o.textContent, o.disabled])).toEqual([
      ['1', 'Apartment', false],
      ['2', 'Villa', true],
    ]);
  });

  it('renders a labelled textarea and checkbox', () => {
    const onChange = vi.fn();
    render(
      <>
        <TextArea label="Description" />
        <CheckboxField label="lead-create" onChange={onChange} error="Pick one" />
      </>,
    );
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    const box = screen.getByRole('checkbox', { name: 'lead-create' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledOnce();
  });
});

describe('the form family', () => {
  it('binds every field through form.field / form.check, forwarded refs included', async () => {
    const submitted = vi.fn();
    let form!: FormApi<{ first_name: string; lead_source: string; notes: string; agree: boolean; price: string; password: string }>;
    function LeadForm() {
      form = useForm({
        initial: { first_name: '', lead_source: '', notes: '', agree: false, price: '', password: '' },
        onSubmit: submitted,
      });
      return (
        <Form form={form}>
          <TextField label="First name" {...form.field('first_name')} />
          <SelectField label="Lead source" placeholder="Select" options={LEAD_SOURCES} {...form.field('lead_source')} />
          <TextArea label="Notes" {...form.field('notes')} />
          <CheckboxField label="Agree" {...form.check('agree')} />
          <NumberField label="Price" min={0} {...form.field('price')} />
          <PasswordField label="Password" {...form.field('password')} />
          <button type="submit">Send</button>
        </Form>
      );
    }
    render(<LeadForm />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Lead source'), { target: { value: 'Referral' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Call back' } });
    fireEvent.click(screen.getByLabelText('Agree'));
    const price = screen.getByLabelText('Price');
    fireEvent.change(price, { target: { value: '-40' } });
    fireEvent.blur(price);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'S3cret!' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(submitted).toHaveBeenCalledOnce();
    expect(submitted.mock.calls[0]?.[0]).toEqual({
      first_name: 'Asha',
      lead_source: 'Referral',
      notes: 'Call back',
      agree: true,
      price: '40',
      password: 'S3cret!',
    });
    // Every control reached the form through its forwarded ref: an error focuses it.
    act(() => form.setErrors({ agree: 'Required', notes: 'Too short' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Notes')));
  });
});
