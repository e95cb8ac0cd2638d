import { MESSAGES, registerFormSchema } from '@domain/accounts/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { RegisterPayload } from './api';

export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

export const REGISTER_DEFAULTS: RegisterFormInput = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  terms: false,
  businessName: '',
  location: '',
  bio: '',
};

/** Fields the server may name in a 400 or 409 answer (body.errors), shown under the same fields. */
export const SERVER_FIELDS = ['username', 'email', 'password', 'businessName', 'location', 'bio'] as const;

const zod = zodResolver(registerFormSchema);

/**
 * registerFormSchema through zodResolver, plus the password match checked on its own: zod skips an
 * object refinement while another field is invalid, and the form should show every message at once.
 */
export const registerResolver: Resolver<RegisterFormInput, unknown, RegisterFormOutput> = async (
  values,
  context,
  options,
) => {
  const result = await zod(values, context, options);
  if (values.confirmPassword !== values.password && !result.errors.confirmPassword) {
    return {
      values: {},
      errors: {
        ...result.errors,
        confirmPassword: { type: 'custom', message: MESSAGES.passwordsDiffer },
      },
    };
  }
  return result;
};

/**
 * The register API payload from the form: exactly {username, email, password, isSeller, businessName, location, bio}.
 */
export function toRegisterPayload(values: RegisterFormOutput, isSeller: boolean): RegisterPayload {
  return {
    username: values.username,
    email: values.email,
    password: values.password,
    isSeller,
    businessName: isSeller ? values.businessName?.trim() || null : null,
    location: isSeller ? values.location?.trim() || null : null,
    bio: isSeller ? values.bio?.trim() || null : null,
  };
}
