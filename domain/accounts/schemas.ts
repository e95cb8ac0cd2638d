import { z } from 'zod';
import {
  BIO_MAX,
  BUSINESS_NAME_MAX,
  EMAIL_MAX,
  LOCATION_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants';
import { controlCharactersMessage, hasControlCharacters } from '../text';
import { optionalText } from '../text-fields';

export const MESSAGES = {
  usernameMin: `Username must be at least ${USERNAME_MIN} characters`,
  usernameMax: `Username must be at most ${USERNAME_MAX} characters`,
  usernameChars: 'Username may only contain letters, numbers, dots, dashes and underscores',
  email: 'Please enter a valid email address',
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordsDiffer: 'Passwords do not match',
  terms: 'You must accept the terms and conditions',
  loginRequired: 'Please enter both username and password',
  location: `Location must be at most ${LOCATION_MAX} characters`,
  bio: `Bio must be at most ${BIO_MAX} characters`,
  usernameControl: controlCharactersMessage('Username'),
  locationControl: controlCharactersMessage('Location'),
  bioControl: controlCharactersMessage('Bio'),
  businessName: 'Shop name must be text',
  businessNameMax: `Shop name must be at most ${BUSINESS_NAME_MAX} characters`,
  businessNameControl: controlCharactersMessage('Shop name'),
  /** Another nursery has this shop name, whatever its case (409 on businessName). */
  businessNameTaken: 'Another nursery already has this shop name: choose another',
} as const;

/**
 * A nursery's shop name (docs/decisions/0024-storefronts.md): one line, optional (none: its username shows), unique
 * whatever its case (the server says when it is taken). Sign-up and the seller's profile take it alike.
 */
export const BUSINESS_NAME_RULES = {
  field: 'Shop name',
  line: true,
  max: BUSINESS_NAME_MAX,
  maxMessage: MESSAGES.businessNameMax,
  typeMessage: MESSAGES.businessName,
  controlMessage: MESSAGES.businessNameControl,
} as const;
export const businessNameSchema = optionalText(BUSINESS_NAME_RULES);

export const usernameSchema = z
  .string(MESSAGES.usernameMin)
  .trim()
  .min(USERNAME_MIN, MESSAGES.usernameMin)
  .max(USERNAME_MAX, MESSAGES.usernameMax)
  .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.usernameChars);

export const emailSchema = z
  .string(MESSAGES.email)
  .trim()
  .max(EMAIL_MAX, MESSAGES.email)
  .pipe(z.email(MESSAGES.email));

export const passwordSchema = z
  .string(MESSAGES.passwordMin)
  .min(PASSWORD_MIN, MESSAGES.passwordMin)
  .max(PASSWORD_MAX, MESSAGES.passwordMax);

/** POST /api/auth/register body (docs/product.md#calls). */
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  isSeller: z.boolean().optional().default(false),
  /** A seller's shop name (ignored for a buyer). */
  businessName: businessNameSchema,
  location: optionalText({
    field: 'Location',
    line: true,
    max: LOCATION_MAX,
    maxMessage: MESSAGES.location,
    controlMessage: MESSAGES.locationControl,
  }),
  bio: optionalText({
    field: 'Bio',
    line: false,
    max: BIO_MAX,
    maxMessage: MESSAGES.bio,
    controlMessage: MESSAGES.bioControl,
  }),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** The register form: the API payload plus confirm password and terms (docs/product.md#validation). */
export const registerFormSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    terms: z.boolean().refine((v) => v, MESSAGES.terms),
    businessName: z.string().max(BUSINESS_NAME_MAX, MESSAGES.businessNameMax).optional(),
    location: z.string().max(LOCATION_MAX, MESSAGES.location).optional(),
    bio: z.string().max(BIO_MAX, MESSAGES.bio).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** POST /api/auth/login body; the form uses the same rule. */
export const loginSchema = z.object({
  username: z
    .string(MESSAGES.loginRequired)
    .trim()
    .min(1, MESSAGES.loginRequired)
    .max(USERNAME_MAX * 8)
    .refine((v) => !hasControlCharacters(v), MESSAGES.usernameControl),
  password: z.string(MESSAGES.loginRequired).min(1, MESSAGES.loginRequired).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;
