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

/**
 * How deep JSON text (a layer's template, a workspace's camera and plugins) may nest.
 * Ours nests a handful of levels; far deeper text parses, but the walks that follow
 * (serialising it for a jsonb column, for one) recurse and run out of stack.
 */
export const maxJsonDepth = 64;

/**
 * Whether `value` has objects or arrays nested more than `max` levels deep (`{}` and
 * `[]` are one level). A loop rather than recursion: the value may be hostile.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > max) return true;
    for (const child of Object.values(item.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return false;
}

export const jsonTooDeep = `This JSON is nested too deeply: at most ${maxJsonDepth} levels.`;

/**
 * JSON text that must parse and match `schema` (`message` otherwise), as the original
 * API stores camera, plugins and layer templates; nested deeper than `maxJsonDepth`
 * it is refused with its own message before `schema` sees it. `issueMessages` turns the
 * schema's issues into messages of their own (one per broken key) instead of `message`.
 */
export const jsonText = <T extends z.ZodType>(
  schema: T,
  message: string,
  issueMessages?: (issues: z.core.$ZodIssue[]) => string[],
) =>
  z
    .string()
    .max(100_000, 'Ensure this field has no more than 100000 characters.')
    .superRefine((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return;
      }
      if (nestsDeeperThan(value, maxJsonDepth)) {
        ctx.addIssue({ code: 'custom', message: jsonTooDeep });
        return;
      }
      const result = schema.safeParse(value);
      if (result.success) return;
      for (const each of issueMessages ? issueMessages(result.error.issues) : [message])
        ctx.addIssue({ code: 'custom', message: each });
    });
