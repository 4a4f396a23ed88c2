import { z } from 'zod';

// How an environment variable's text is read, for every part's own settings (the config, each
// chat platform, each source kind): empty counts as unset, as a copied .env.example leaves it.

/** The environment as given: names to raw text. */
export type RawEnv = Readonly<Record<string, string | undefined>>;

export const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'a whole number')
    .transform(Number)
    // int() also refuses numbers too large to be exact, in its own words unless given these.
    .pipe(z.number().int('a whole number above 0').positive('a number above 0'))
    .optional()
    .transform((v) => v ?? fallback);

export const port = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'a port number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'a port from 1 to 65535').max(65535, 'a port from 1 to 65535'))
    .optional()
    .transform((v) => v ?? fallback);

export const wholeNumber = (fallback: number, min: number, max: number, expected: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, expected)
    .transform(Number)
    .pipe(z.number().int().min(min, expected).max(max, expected))
    .optional()
    .transform((v) => v ?? fallback);

/** Empty or absent: off. */
export const optionalPort = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(
    z
      .string()
      .regex(/^\d+$/, 'a port number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'a port from 1 to 65535').max(65535, 'a port from 1 to 65535'))
      .optional(),
  )
  .optional();

/** Only http(s): anything else would pass here and fail later, one problem at a time, at start-up. */
export const url = (expected: string, protocol = /^https?$/) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol, error: expected }).optional())
    .optional();
