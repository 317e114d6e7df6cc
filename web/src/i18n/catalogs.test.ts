import { defaultLoadingText, messages } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nl } from './nl';

/** Every leaf key as a dotted path, so a missing nested key shows up by name. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('translation catalogs', () => {
  it('have exactly the same keys in English and Dutch', () => {
    expect(keysOf(nl).sort()).toEqual(keysOf(en).sort());
  });

  it('only hold non-empty strings', () => {
    for (const value of [...leaves(en), ...leaves(nl)]) {
      expect(typeof value).toBe('string');
      expect(value).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const enLeaves = Object.fromEntries(keysOf(en).map((k, i) => [k, leaves(en)[i]]));
    const nlLeaves = Object.fromEntries(keysOf(nl).map((k, i) => [k, leaves(nl)[i]]));
    for (const key of Object.keys(enLeaves)) {
      expect(vars(String(nlLeaves[key])), key).toEqual(vars(String(enLeaves[key])));
    }
  });

  it('keep the texts of the specification word for word', () => {
    expect(en.shell.loadingContent).toBe(defaultLoadingText);
    expect(en.shell.support).toBe('For questions and support reach us at {{email}}');
    expect(en.menu.login).toBe('Login');
    expect(en.validation).toEqual(messages);
  });
});
