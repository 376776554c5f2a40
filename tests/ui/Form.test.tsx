import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginRequest, MESSAGES } from '../../src/contract';
import { ApiError } from '../../src/core';
import { Form, FormSubmit, PasswordField, TextField, schemaValidator, serverFieldErrors, useForm, type FormFailure } from '../../src/ui';

afterEach(cleanup);
const V = MESSAGES.validation;

interface Props {
  send: (data: { username: string; password: string }) => Promise<unknown> | void;
  onError?: (error: unknown) => FormFailure | void;
}

function LoginForm({ send, onError }: Props) {
  const form = useForm({ initial: { username: '', password: '' }, validate: schemaValidator(LoginRequest), onSubmit: send, onError });
  return (
    <Form form={form} aria-label="Login">
      {form.formError && <p role="status">{form.formError}</p>}
      <TextField label="Username" {...form.field('username')} />
      <PasswordField label="Password" {...form.field('password')} />
      <FormSubmit busyLabel="LOGGING IN...">LOGIN</FormSubmit>
    </Form>
  );
}

const unprocessable = (errors: Record<string, string[]>) =>
  new ApiError({ kind: 'http', status: 422, method: 'POST', path: '/auth', body: { message: 'Invalid input', errors }, serverMessage: 'Invalid input', description: 'HTTP 422' });

describe('useForm + Form', () => {
  it('checks with the contract schema: its product messages on the fields, focus on the first, nothing sent', async () => {
    const send = vi.fn();
    render(<LoginForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(screen.getByText(V.usernameRequired)).toBeTruthy();
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    expect(send).not.toHaveBeenCalled();

    // Typing answers that field's complaint only.
    await userEvent.type(screen.getByLabelText('Username'), ' Asha@Example.com ');
    expect(screen.queryByText(V.usernameRequired)).toBeNull();
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
  });

  it('sends the parsed payload with the busy label shown until the call settles', async () => {
    let finish!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<LoginForm send={send} />);
    await userEvent.type(screen.getByLabelText('Username'), ' Asha@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    const busy = screen.getByRole('button', { name: /LOGGING IN\.\.\./ }) as HTMLButtonElement;
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(send).toHaveBeenCalledWith({ username: 'asha@example.com', password: 'Secret1!' }, expect.anything());
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
  });

  it("puts a 422's field errors on their fields, and what onError adds beside them", async () => {
    const onError = vi.fn(() => ({ formError: 'Please check the form' }));
    render(<LoginForm send={() => Promise.reject(unprocessable({ password: ['', 'Too short'], nowhere: ['x'] }))} onError={onError} />);
    await userEvent.type(screen.getByLabelText('Username'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Too short')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Please check the form');
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });
});

describe('serverFieldErrors', () => {
  it('reads the first message per field of a failed call, and nothing from other failures', () => {
    expect(serverFieldErrors(unprocessable({ email: ['The email has already been taken.'], phone: [] }))).toEqual({
      email: 'The email has already been taken.',
    });
    expect(serverFieldErrors(new Error('network'))).toEqual({});
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
