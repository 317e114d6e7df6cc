import { z } from 'zod';
import { limits, messages } from './messages.js';

/**
 * A string the user must fill in. A missing key, null and blank text all give the
 * same message, so the API answers the product's text wherever the form would
 * (docs/product.md, Validation).
 */
export const requiredString = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** docs/product.md, Validation: "simple address pattern". */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = requiredString(messages.emailRequired, 254).regex(emailPattern, messages.emailInvalid);

export const username = requiredString(messages.usernameRequired, 150).regex(
  /^[\w.@+-]+$/,
  'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
);

/**
 * The password rule of docs/product.md, Validation, as the forms apply it; the server
 * adds its policy on top (docs/decisions.md).
 */
export const password = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(limits.passwordMinLength, messages.passwordTooShort)
  .max(
    limits.passwordMaxLength,
    `Ensure this field has no more than ${limits.passwordMaxLength} characters.`,
  );

/** Password and its confirmation, as the register and reset forms ask them. */
export const withConfirmation = <T extends { password: z.ZodType }>(shape: T) =>
  z
    .object({
      ...shape,
      confirmPassword: z
        .string({ error: messages.confirmPasswordRequired })
        .min(1, messages.confirmPasswordRequired),
    })
    .refine(
      (values) => {
        const { password, confirmPassword } = values as { password?: unknown; confirmPassword?: unknown };
        return confirmPassword === password;
      },
      {
        path: ['confirmPassword'],
        message: messages.passwordMismatch,
      },
    );

export const optionalText = (max = 255) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
