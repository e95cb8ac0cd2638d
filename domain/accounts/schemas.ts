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
import { editableText, optionalText } from '../text-fields';
import { isMarketplaceName, mixesScripts } from './display-names';

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
  /**
   * Another member is shown by this name or one that reads alike (409 on businessName): its case, spaces, invisible
   * characters or letter forms aside, another nursery's shop name or another member's username
   * (docs/decisions/0030-display-names.md).
   */
  businessNameTaken: 'Another nursery already has this shop name: choose another',
  /** Letters of scripts that pass for one another, a Cyrillic "а" among Latin letters (400). */
  businessNameScripts: 'Shop name mixes letters of different alphabets: write it in one',
  /** "Dragon Fruit Marketplace", or a name that reads as it (400). */
  businessNameMarketplace: "Shop name cannot be the marketplace's own name",
  usernameMarketplace: "Username cannot be the marketplace's own name",
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

/** A shop name's rules beyond those of any one-line text: the message of the first it breaks, if any. */
export function shopNameProblem(name: string): string | undefined {
  if (mixesScripts(name)) return MESSAGES.businessNameScripts;
  if (isMarketplaceName(name)) return MESSAGES.businessNameMarketplace;
  return undefined;
}
const shopNameRules = {
  error: (issue: { input: unknown }) =>
    typeof issue.input === 'string' ? shopNameProblem(issue.input) : undefined,
} as const;
const isShopName = (v: string | null | undefined) => !v || shopNameProblem(v) === undefined;

/** Sign-up's shop name: optional, null when blank. */
export const businessNameSchema = optionalText(BUSINESS_NAME_RULES).refine(isShopName, shopNameRules);
/** The profile's shop name: left out keeps it, null or blank clears it. */
export const editableBusinessNameSchema = editableText(BUSINESS_NAME_RULES).refine(isShopName, shopNameRules);

export const usernameSchema = z
  .string(MESSAGES.usernameMin)
  .trim()
  .min(USERNAME_MIN, MESSAGES.usernameMin)
  .max(USERNAME_MAX, MESSAGES.usernameMax)
  .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.usernameChars)
  .refine((v) => !isMarketplaceName(v), MESSAGES.usernameMarketplace);

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
    businessName: z
      .string()
      .max(BUSINESS_NAME_MAX, MESSAGES.businessNameMax)
      .optional()
      .refine(isShopName, shopNameRules),
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
